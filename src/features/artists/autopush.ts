import type { StartImportJob } from './service';

/**
 * Autopush: the Import feature's startImportJob, which creates the import_jobs row and queues it.
 * Kept in one place so the artists service depends on the contract, not on the importer's internals.
 */
export const startImportJob: StartImportJob = async () => {
  throw new Error('Importing is not available on this server yet');
};
