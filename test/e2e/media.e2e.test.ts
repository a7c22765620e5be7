import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { auditLog, ddexFile, release, releaseResource, resource } from '@/db/schema';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { seedDemoCatalogue, writeDemoFolder, type DemoFolder, type SeededRelease } from '../media/fixtures';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


describe.skipIf(!built)('DDEX Media pages in a browser', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let browser: Browser;
  let seeded: SeededRelease[];
  let emptyFileId: string;

  beforeAll(async () => {
    [app, demo, browser] = await Promise.all([startTestApp({ web: true }), writeDemoFolder(), launchBrowser()]);
    const db = app.runtime.deps.db;
    await app.createUser('user@example.com', 'user-password-1', 'user');
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    const catalogue = await seedDemoCatalogue(db, demo, { count: 3 });
    seeded = catalogue.releases;
    const [video] = await db.insert(resource).values({ title: 'Studio Session Video', mediaType: 'video', displayArtist: seeded[1]!.artist, durationMs: 125_000, createdAt: new Date(Date.now() + 60_000) }).returning({ id: resource.id });
    await db.insert(releaseResource).values({ releaseId: seeded[1]!.id, resourceId: video!.id, trackNumber: 20 });
    const [empty] = await db.insert(ddexFile).values({ sourceId: catalogue.sourceId, sourcePath: 'not/imported.xml' }).returning({ id: ddexFile.id });
    emptyFileId = empty!.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    demo?.remove();
  });

  it('lists tracks and videos with their release, filters, searches, and opens the parent release', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.getByRole('link', { name: 'DDEX Media' }).click();
    await page.getByRole('heading', { name: 'DDEX Media' }).waitFor();
    const table = page.getByRole('table', { name: 'DDEX media' });
    const tracks = seeded.reduce((n, r) => n + r.audioKeys.length, 0);
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(tracks + 1);
    expect(await page.getByText(`${tracks + 1} items`).count()).toBe(1);
    // Users get no purge button.
    expect(await page.getByRole('button', { name: 'Purge All Data' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('media-list'), fullPage: true });

    await page.getByRole('combobox', { name: 'Media type' }).click();
    await page.getByRole('option', { name: 'Video' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const videoRow = table.locator('tbody tr').first();
    expect(await videoRow.textContent()).toContain('Studio Session Video');
    expect(await videoRow.textContent()).toContain('2:05');
    expect(await videoRow.textContent()).toContain(seeded[1]!.title);

    await page.getByRole('combobox', { name: 'Media type' }).click();
    await page.getByRole('option', { name: 'All media' }).click();
    await page.getByLabel('Search media').fill(seeded[2]!.upc);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(seeded[2]!.audioKeys.length);
    await page.getByLabel('Search media').fill('no such track anywhere');
    await page.getByText('No media matches these filters').waitFor();
    await page.getByLabel('Search media').fill('Studio Session');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.locator('tbody tr').first().click();
    await page.waitForURL(`${app.url}/releases/${seeded[1]!.id}`);
    await page.close();
  });

  it('shows the spec error toast when the media list cannot be read', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.route('**/api/resources**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'x', message: 'database down' } }) }));
    await page.goto(`${app.url}/ddex-media`);
    await page.locator('[data-sonner-toast]', { hasText: 'Failed to fetch DDEX media from database.' }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('lists the releases imported from one file with cover, artist, UPC and tracks; empty state otherwise', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    const target = seeded[1]!;
    await page.goto(`${app.url}/ddex-media/releases?fileId=${target.fileId}`);
    const table = page.getByRole('table', { name: 'Imported releases' });
    await table.waitFor();
    const row = table.locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(target.title);
    expect(text).toContain(target.upc);
    expect(text).toContain(String(target.audioKeys.length + 1));
    await expect.poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(160);
    await page.screenshot({ path: screenshotPath('media-file-releases'), fullPage: true });
    await row.getByRole('link', { name: target.title }).click();
    await page.waitForURL(`${app.url}/releases/${target.id}`);

    await page.goto(`${app.url}/ddex-media/releases?fileId=${emptyFileId}`);
    await page.getByText('No releases imported from this file yet').waitFor();
    await page.screenshot({ path: screenshotPath('media-file-releases-empty') });
    await page.close();
  });

  it('lets an admin purge all imported data after a confirmation that says what goes and what stays', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/ddex-media`);
    await page.getByRole('table', { name: 'DDEX media' }).locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Purge All Data' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const said = (await dialog.textContent()) ?? '';
    expect(said).toContain('every release');
    expect(said).toContain('DDEX files stay listed and are marked not imported');
    expect(said).toContain('audit log');
    await page.screenshot({ path: screenshotPath('media-purge-dialog') });
    await dialog.getByRole('button', { name: 'Purge All Data' }).click();
    await page.getByText('No media yet').waitFor({ timeout: 15_000 });
    const db = app.runtime.deps.db;
    expect(await db.$count(release)).toBe(0);
    expect(await db.$count(auditLog, eq(auditLog.action, 'purge-ddex-media'))).toBe(1);
    await page.screenshot({ path: screenshotPath('media-after-purge') });
    await page.close();
  });
});
