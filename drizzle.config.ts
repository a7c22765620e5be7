import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; migrations run at start-up through src/db/client.ts migrate().
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
