import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';
import type { AppEnv } from './context';

/** What the SPA needs before it can call the API: injected into index.html, no extra request. */
export function publicAppConfig(config: AppConfig) {
  return { version: config.version, googleEnabled: Boolean(config.google), siblingTools: config.siblingTools };
}

export function serveSpa(app: Hono<AppEnv>, webRoot: string, config: AppConfig) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built: ${indexFile} is missing. Run "npm run build:web" first.`);
  }
  const configScript = `<script>window.__APP_CONFIG__=${JSON.stringify(publicAppConfig(config)).replace(/</g, '\\u003c')}</script>`;
  const html = readFileSync(indexFile, 'utf8').replace('<!--app-config-->', configScript);
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root: relativeRoot,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', serveStatic({ root: relativeRoot, index: '__no_index__' }));
  // Every other GET is a client-side route of the SPA.
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
