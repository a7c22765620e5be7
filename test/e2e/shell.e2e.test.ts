import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


describe.skipIf(!built)('the shell in a browser', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ web: true });
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    await app.createUser('user@example.com', 'user-password-1', 'user');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends a signed-out visitor to /auth, replacing the history entry', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/auth?from=start`);
    const before = await page.evaluate(() => history.length);
    await page.goto(`${app.url}/artists`);
    await page.waitForURL(/\/auth$/);
    // The guard replaced /artists with /auth: one new entry, and Back skips the guarded page.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL(/\/auth\?from=start$/);
    await page.goto(`${app.url}/auth`);
    await expect(page.getByRole('button', { name: /continue with google/i }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/contact an administrator/i).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('auth-page'), fullPage: true });
    await page.close();
  });

  it("asks for both fields, then shows the server's message on wrong credentials", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/auth`);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
    await page.getByLabel(/email/i).fill('admin@example.com');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByText(/invalid email or password/i).first().waitFor();
    await page.screenshot({ path: screenshotPath('auth-failed'), fullPage: true });
    await page.close();
  });

  it('signs an admin in to the shell with the Admin section, badges and Admin Panel item', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await expect(page.getByText('Streamline DDEX deliveries and workflows').isVisible()).resolves.toBe(true);
    const nav = page.getByRole('navigation');
    for (const item of ['Dashboard', 'DDEX Files', 'Artists', 'Releases', 'DDEX Media', 'Delivery Status', 'DDEX Sources', 'Scan Jobs', 'Delivery Destinations', 'Admin Panel']) {
      await expect(nav.getByRole('link', { name: item, exact: true }).count(), item).resolves.toBeGreaterThan(0);
    }
    await page.screenshot({ path: screenshotPath('dashboard-admin'), fullPage: true });
    await page.getByRole('button', { name: /user menu|account|admin@example.com/i }).first().click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect(menu.getByText('admin@example.com').isVisible()).resolves.toBe(true);
    await expect(menu.getByText('Access', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(menu.getByText('Admin', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole('menuitem', { name: 'Admin Panel' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('user-menu-admin') });
    await page.keyboard.press('Escape');

    // The session survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'DDEX Dashboard' }).waitFor();
    await page.goto(`${app.url}/sources`);
    await page.getByRole('heading', { name: /DDEX Sources/ }).first().waitFor();
    await page.close();
  });

  it('refuses an admin page to a user, with the exact sentences, and signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'DDEX Sources', exact: true }).count()).resolves.toBe(0);
    await page.goto(`${app.url}/sources`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await expect(page.getByText('You need administrator privileges to access this page.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Contact your administrator if you believe this is an error.').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('access-denied'), fullPage: true });

    await page.goto(`${app.url}/no-such-page`);
    await page.getByText('Oops! Page not found').waitFor();
    await page.screenshot({ path: screenshotPath('not-found'), fullPage: true });

    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: /user menu|account|user@example.com/i }).first().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/auth$/);
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/auth$/);
    await page.close();
  });

  it('delivers a row inserted in the database to the signed-in browser within a second', async () => {
    const page = await browser.newPage();
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.evaluate(() => {
      const w = window as any;
      w.__changes = [];
      const source = new EventSource('/api/realtime');
      source.addEventListener('change', (e) => w.__changes.push({ at: Date.now(), data: JSON.parse((e as MessageEvent).data) }));
      return new Promise<void>((resolve) => source.addEventListener('ready', () => resolve()));
    });
    const insertedAt = await page.evaluate(() => Date.now());
    await app.runtime.deps.db.execute(sql`insert into partner (name, slug) values ('Browser Label', 'browser-label')`);
    await page.waitForFunction(() => (window as any).__changes.some((c: any) => c.data.table === 'partner'), null, { timeout: 1000 });
    const change = await page.evaluate(() => (window as any).__changes.find((c: any) => c.data.table === 'partner'));
    expect(change.data.op).toBe('INSERT');
    expect(change.at - insertedAt).toBeLessThan(1000);
    await page.close();
  });
});

describe.skipIf(!built)('first administrator from the set-up link, in a browser', () => {
  it('creates the admin through /setup, then the link is spent', async () => {
    const app = await startTestApp({ web: true });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(app.runtime.setupUrl!);
      await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
      await page.getByLabel('Email').fill('founder@example.com');
      await page.getByLabel('Password', { exact: true }).fill('founder-password-1');
      await page.getByLabel('Repeat password').fill('founder-password-2');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('The two passwords differ').waitFor();
      await page.getByLabel('Repeat password').fill('founder-password-1');
      await page.screenshot({ path: screenshotPath('setup-first-admin'), fullPage: true });
      await page.getByRole('button', { name: 'Create account' }).click();
      // Signed in with the password just chosen, straight onto the dashboard as an admin.
      await page.getByRole('heading', { name: 'DDEX Dashboard' }).waitFor();
      await page.getByText('Signed in as founder@example.com.').waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Admin Panel', exact: true }).waitFor();
      // And the password works on the sign-in form afterwards.
      await page.context().clearCookies();
      await signIn(page, app, 'founder@example.com', 'founder-password-1');

      const again = await browser.newPage();
      await again.goto(app.runtime.setupUrl!);
      await again.getByText(/already been used|no longer needed/).waitFor();
    } finally {
      await browser.close();
      await app.stop();
    }
  });
});
