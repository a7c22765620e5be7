// Prints the plain closing line CI reads ("N passed, N failed") from vitest's JSON report.
import { readFileSync } from 'node:fs';
const file = process.argv[2];
const label = process.argv[3] ?? 'Tests';
try {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
} catch (error) {
  console.log(`${label}: 0 passed, 1 failed (no report: ${error.message})`);
}
