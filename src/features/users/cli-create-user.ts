import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@/server/config';
import { createAuth } from '@/server/auth';
import { migrate } from '@/db/client';
import { openConfiguredDatabase } from '@/server/runtime';
import { createUserWithPassword, setRole, UserError } from './service';

const usage = `Usage: npm run user:create -- --email EMAIL --password PASSWORD [--name NAME] [--role admin|user]

Creates a user who signs in with email and password (role admin unless --role user).
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).`;

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const problems: string[] = [];
  if (!values.email) problems.push('--email is required');
  if (!values.password) problems.push('--password is required');
  if (values.role !== 'admin' && values.role !== 'user') problems.push(`--role must be admin or user, got "${values.role}"`);
  if (problems.length) {
    console.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const { database, release } = await openConfiguredDatabase(config);
  try {
    await migrate(database);
    const auth = createAuth(config, database);
    const user = await createUserWithPassword(auth, database.db, {
      email: values.email!,
      password: values.password!,
      name: values.name,
      role: values.role as 'admin' | 'user',
    });
    await setRole(database.db, user.id, values.role as 'admin' | 'user');
    console.log(`Created ${values.role} ${user.email}. They can sign in at ${config.publicUrl}/auth`);
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    if (error instanceof ConfigError || error instanceof UserError) console.error(error.message);
    else console.error(`Could not create the user: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
