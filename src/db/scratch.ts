import pg from 'pg';

/** Runs one statement on a PostgreSQL server over a connection of its own (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database beside the one `serverUrl` names, for benchmarks and tests that need a
 * throwaway one; drop() removes it even while connections remain.
 */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`scratch database name must be lower-case letters, digits and _; got "${name}"`);
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
