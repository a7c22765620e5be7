export { importDdexFile, ImportRefusal, type ImportOutcome, type ImportDeps } from './import-file';
