import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import type { TestApp } from './app';

const ROOT = path.resolve(__dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium when installed, else the one @sparticuz/chromium unpacks (no apt needed). */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const tmp = path.join(ROOT, '.tmp');
  mkdirSync(tmp, { recursive: true });
  process.env.TMPDIR = tmp;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: await chromiumPath(), args: FLAGS });
}

export function screenshotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/** Signs in through the /auth form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, app: Pick<TestApp, 'url'>, email: string, password: string): Promise<void> {
  await page.goto(`${app.url}/auth`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('heading', { name: 'DDEX Dashboard' }).waitFor({ timeout: 15_000 });
}
