/**
 * Writes the demo deliveries into a folder that a `local` source can point at.
 *
 *   npx tsx scripts/demo-generate.ts <outDir> [--replace] [--now <ISO date>] [--manifest <file.json>]
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { DEMO_PARTNERS } from '@/features/demo/catalogue';

const USAGE = 'Usage: npx tsx scripts/demo-generate.ts <outDir> [--replace] [--now <ISO date>] [--manifest <file.json>]';

interface CliOptions {
  outDir: string;
  replace: boolean;
  now?: Date;
  manifestFile?: string;
}

function parseArgs(argv: string[]): CliOptions {
  let outDir: string | undefined;
  let replace = false;
  let now: Date | undefined;
  let manifestFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--replace') replace = true;
    else if (arg === '--now' || arg === '--manifest') {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      if (arg === '--now') {
        now = new Date(value);
        if (Number.isNaN(now.getTime())) throw new Error(`--now "${value}" is not a date (use ISO 8601, e.g. 2026-03-01T12:00:00Z)`);
      } else manifestFile = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else if (outDir) throw new Error(`only one output folder, got "${outDir}" and "${arg}"`);
    else outDir = arg;
  }
  if (!outDir) throw new Error('missing the output folder');
  return { outDir: path.resolve(outDir), replace, now, manifestFile };
}

/** Only a folder that holds nothing but demo partner folders may be replaced. */
async function prepareOutDir(outDir: string, replace: boolean): Promise<void> {
  const existing = await stat(outDir).catch(() => undefined);
  if (!existing) {
    await mkdir(outDir, { recursive: true });
    return;
  }
  if (!existing.isDirectory()) throw new Error(`${outDir} exists and is not a folder`);
  const entries = await readdir(outDir);
  if (entries.length === 0) return;
  if (!replace) {
    throw new Error(`${outDir} is not empty; pass --replace to delete the previous demo data there and write it again`);
  }
  const demoFolders = new Set(DEMO_PARTNERS.map((p) => p.folder));
  const foreign = entries.filter((name) => !demoFolders.has(name));
  if (foreign.length > 0) {
    throw new Error(`${outDir} holds files that are not demo data (${foreign.slice(0, 5).join(', ')}); refusing to replace it`);
  }
  for (const name of entries) await rm(path.join(outDir, name), { recursive: true, force: true });
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`demo-generate: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  await prepareOutDir(options.outDir, options.replace);
  console.log(`Writing demo deliveries to ${options.outDir} ...`);
  const started = performance.now();
  const manifest = await generateDemoDeliveries(folderWriter(options.outDir), { now: options.now });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { totals } = manifest;
  console.log(
    `Done in ${seconds} s: ${manifest.releases.filter((r) => !r.malformed).length} releases (+1 malformed), ` +
      `${totals.messages} messages, ${totals.audioFiles} WAV files, ` +
      `${totals.images} covers, ${(totals.bytes / 1e6).toFixed(1)} MB, ${manifest.partners.length} partners ` +
      `(${manifest.partners.map((p) => p.folder).join(', ')}).`,
  );
  console.log(`Incomplete batch (no BatchComplete): ${manifest.incompleteBatch.folder}`);
  console.log(`Malformed file: ${manifest.malformedFile.path}`);
  if (options.manifestFile) {
    await writeFile(path.resolve(options.manifestFile), JSON.stringify(manifest, null, 2));
    console.log(`Manifest written to ${path.resolve(options.manifestFile)}`);
  }
}

main().catch((error: unknown) => {
  console.error(`demo-generate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
