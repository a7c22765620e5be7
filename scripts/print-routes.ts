// Prints every API route with the access it requires, as a Markdown table (docs/api.md embeds it).
// Usage: npx tsx scripts/print-routes.ts
import { Hono } from 'hono';
import { ApiRouter } from '@/server/api-router';
import { registerFeatureRoutes } from '@/server/routes';
import type { AppDeps, AppEnv } from '@/server/context';

const api = new ApiRouter(new Hono<AppEnv>());
api.get('/health', 'public', (c) => c.body(null));
api.get('/realtime', 'user', (c) => c.body(null));
// Registration only records routes; handlers never run here, so no dependencies are needed.
registerFeatureRoutes(api, new Proxy({}, { get: () => ({}) }) as AppDeps);
const rows = [...api.records].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
console.log('| method | path | who may call it |');
console.log('|---|---|---|');
for (const r of rows) console.log(`| ${r.method} | \`${r.path}\` | ${r.access === 'public' ? 'anyone' : r.access === 'admin' ? 'admin' : 'signed-in user'} |`);
