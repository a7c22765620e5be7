// npm run ddex -- summary FILE... | parse FILE | validate FILE... [--xsd DIR] [--json]
// A folder given as FILE stands for every .xml file under it.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseErn, summarize, validateErn } from './index';
import type { Summary, ValidationFinding } from './types';

const USAGE = `Usage:
  npm run ddex -- summary FILE...              one JSON line per message
  npm run ddex -- parse FILE                   the full normalised model as JSON
  npm run ddex -- validate FILE... [--xsd DIR] [--json]
                                               structural checks, and DDEX's XSDs from DIR
                                               (or DDEX_XSD_DIR); exits 1 when there are errors
Options: --max-bytes N (refuse larger files; default 200 MB)`;

interface Args {
  command: string | undefined;
  files: string[];
  xsdDir?: string;
  json: boolean;
  maxBytes?: number;
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { command: argv[0], files: [], json: false };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--xsd') {
      const dir = argv[++i];
      if (!dir) return '--xsd needs a directory';
      args.xsdDir = dir;
    } else if (a.startsWith('--xsd=')) args.xsdDir = a.slice(6);
    else if (a === '--json') args.json = true;
    else if (a === '--max-bytes') {
      const n = Number(argv[++i]);
      if (!Number.isFinite(n) || n <= 0) return '--max-bytes needs a positive number of bytes';
      args.maxBytes = n;
    } else if (a.startsWith('--')) return `Unknown option ${a}`;
    else args.files.push(a);
  }
  return args;
}

function expand(paths: string[]): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      out.push(p); // reported as unreadable by the command
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const child = join(p, name);
        if (statSync(child).isDirectory() || name.toLowerCase().endsWith('.xml')) visit(child);
      }
    } else out.push(p);
  };
  for (const p of paths) visit(p);
  return out;
}

function readBytes(file: string): Uint8Array | string {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return `Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(err)}`;
  }
}

function unreadableSummary(file: string, error: string): Summary {
  return {
    file,
    messageType: null,
    ernVersion: null,
    messageId: null,
    messageThreadId: null,
    messageCreatedAt: null,
    senderName: null,
    senderPartyId: null,
    controlType: null,
    releaseType: null,
    releaseTitle: null,
    artistName: null,
    upc: null,
    grid: null,
    catalogNumber: null,
    label: null,
    releaseDate: null,
    trackCount: null,
    isrcs: null,
    isrc: null,
    durationMs: null,
    territories: null,
    takedown: null,
    error,
  };
}

function formatFinding(file: string, f: ValidationFinding): string {
  const where = f.line !== null ? `${file}:${f.line}${f.column ? `:${f.column}` : ''}` : file;
  return `${where}: ${f.severity}: ${f.message}`;
}

interface Output {
  write(text: string): unknown;
}

export async function main(argv: string[], out: Output = process.stdout, err: Output = process.stderr): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    err.write(`${args}\n${USAGE}\n`);
    return 2;
  }
  if (!args.command || args.command === '--help' || args.command === 'help') {
    out.write(`${USAGE}\n`);
    return args.command ? 0 : 2;
  }
  const files = expand(args.files);
  if (files.length === 0) {
    err.write(`No FILE given.\n${USAGE}\n`);
    return 2;
  }
  switch (args.command) {
    case 'summary': {
      for (const file of files) {
        const bytes = readBytes(file);
        const s = typeof bytes === 'string' ? unreadableSummary(file, bytes) : summarize(bytes, { fileName: file, maxBytes: args.maxBytes });
        out.write(`${JSON.stringify(s)}\n`);
      }
      return 0;
    }
    case 'parse': {
      if (files.length !== 1) {
        err.write('parse takes exactly one FILE\n');
        return 2;
      }
      const bytes = readBytes(files[0]);
      if (typeof bytes === 'string') {
        err.write(`${bytes}\n`);
        return 1;
      }
      const result = parseErn(bytes, { fileName: files[0], maxBytes: args.maxBytes });
      if (!result.ok) {
        out.write(`${JSON.stringify({ file: files[0], error: result.error }, null, 2)}\n`);
        return 1;
      }
      out.write(`${JSON.stringify(result.message, null, 2)}\n`);
      return 0;
    }
    case 'validate': {
      let errors = 0;
      for (const file of files) {
        const bytes = readBytes(file);
        const findings: ValidationFinding[] =
          typeof bytes === 'string'
            ? [{ severity: 'error', line: null, message: bytes, source: 'xml' }]
            : await validateErn(bytes, { fileName: file, xsdDir: args.xsdDir, maxBytes: args.maxBytes });
        errors += findings.filter((f) => f.severity === 'error').length;
        if (args.json) out.write(`${JSON.stringify({ file, findings })}\n`);
        else if (findings.length === 0) out.write(`${file}: valid\n`);
        else for (const f of findings) out.write(`${formatFinding(file, f)}\n`);
      }
      return errors > 0 ? 1 : 0;
    }
    default:
      err.write(`Unknown command "${args.command}".\n${USAGE}\n`);
      return 2;
  }
}

const invokedDirectly = process.argv[1] && /ddex[\\/]cli\.ts$/.test(process.argv[1]);
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`ddex: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
