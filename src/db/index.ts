export * from './client';
export * from './changes';
export * from './schema';
