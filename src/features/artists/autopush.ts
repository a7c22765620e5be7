import { startImportJob as startImport } from '@/features/importing/service';
import type { StartImportJob } from './service';

/**
 * Autopush goes through the Import feature's startImportJob (it creates the import_jobs row and
 * queues its batches), so the artists service depends on that contract, not on the importer's internals.
 */
export const startImportJob: StartImportJob = (deps, input) => startImport(deps, input);
