import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { asset, ddexFile, importJobs, release, releaseResource, resource } from '@/db/schema';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { seedDemoCatalogue, writeDemoFolder, type DemoFolder, type SeededRelease } from '../media/fixtures';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


describe.skipIf(!built)('Dashboard in a browser', () => {
  let app: TestApp;
  let demo: DemoFolder;
  let browser: Browser;
  let seeded: SeededRelease[];
  let brokenId: number;

  beforeAll(async () => {
    [app, demo, browser] = await Promise.all([startTestApp({ web: true }), writeDemoFolder(), launchBrowser()]);
    const db = app.runtime.deps.db;
    await app.createUser('user@example.com', 'user-password-1', 'user');
    const catalogue = await seedDemoCatalogue(db, demo, { count: 9 });
    seeded = catalogue.releases;
    // Two files waiting (one eligible), and a running import job.
    await db.insert(ddexFile).values([
      { sourceId: catalogue.sourceId, sourcePath: 'waiting/a.xml', status: 'metadata_scanned', importEligible: true },
      { sourceId: catalogue.sourceId, sourcePath: 'waiting/b.xml' },
    ]);
    await db.insert(importJobs).values({ status: 'running', totalFiles: 3 });
    // The newest release's cover file is gone from the storage: its image must be hidden.
    const [broken] = await db.insert(release).values({ title: 'Lost Artwork', type: 'Single', createdAt: new Date(Date.now() + 60_000) }).returning({ id: release.id });
    brokenId = broken!.id;
    const [image] = await db.insert(resource).values({ title: 'cover', mediaType: 'image' }).returning({ id: resource.id });
    await db.insert(releaseResource).values({ releaseId: brokenId, resourceId: image!.id });
    await db.insert(asset).values({ resourceId: image!.id, kind: 'cover', bucket: demo.folder, key: `${seeded[0]!.coverKey!.replace(/[^/]+$/, '')}missing.jpg`, mimeType: 'image/jpeg', isPrimary: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    demo?.remove();
  });

  it('shows every figure, the latest covers, and links to the release', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await expect.poll(() => page.getByLabel('Discovered: 2').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText('Monitor your DDEX workflow from discovery to delivery').count()).toBe(1);
    expect(await page.getByLabel('Ready to Import: 1').count()).toBe(1);
    expect(await page.getByLabel('Imported: 9').count()).toBe(1);
    expect(await page.getByLabel('Releases: 10').count()).toBe(2); // the tile and the Media Library card
    expect(await page.getByLabel('Total DDEX files: 11').count()).toBe(1);
    expect(await page.getByLabel('Import jobs running: 1').count()).toBe(1);
    expect(await page.getByLabel('Scan jobs running: 0').count()).toBe(1);
    const artists = new Set(seeded.map((r) => r.artist)).size;
    expect(await page.getByText(`${artists} approved`).count()).toBe(1);
    expect(await page.getByText('0 pending').count()).toBe(1);
    for (const badge of ['DDEX Scanner Active', 'AI Screening Online', 'Delivery Engine Ready']) expect(await page.getByText(badge).count()).toBe(1);
    expect(await page.getByText('All systems operational').count()).toBe(1);

    // 8 releases in the strip, newest first: the broken one, then the newest 7 demo releases.
    const strip = page.getByRole('list', { name: 'Latest releases' });
    await expect.poll(() => strip.getByRole('listitem').count()).toBe(8);
    const expectedTitles = ['Lost Artwork', ...seeded.slice(-7).reverse().map((r) => r.title)];
    const tileTitles = await strip.getByRole('listitem').locator('p.font-medium').allTextContents();
    expect(tileTitles).toEqual(expectedTitles);
    // Covers really load (decoded images), the missing one is hidden.
    await expect
      .poll(() => strip.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length), { timeout: 15_000 })
      .toBe(7);
    await expect.poll(() => strip.getByRole('img', { name: 'Cover of Lost Artwork' }).count()).toBe(0);
    const widths = await strip.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
    expect(widths.every((w) => w === 160)).toBe(true);
    await page.screenshot({ path: screenshotPath('dashboard-full'), fullPage: true });

    await strip.getByRole('link').nth(1).click();
    await page.waitForURL(`${app.url}/releases/${seeded[seeded.length - 1]!.id}`);
    await page.close();
  });

  it('links the cards and quick actions where the spec says', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    const hrefOf = (name: string) => page.getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hrefOf('Manage Sources')).toBe('/sources');
    expect(await hrefOf('Review Artists')).toBe('/artists');
    expect(await hrefOf('View Jobs')).toBe('/scan-jobs');
    expect(await page.getByRole('link', { name: /Browse All/ }).getAttribute('href')).toBe('/releases');
    expect(await hrefOf('View DDEX Files')).toBe('/ddex-files');
    expect(await hrefOf('Delivery Destinations')).toBe('/delivery-destinations');
    expect(await hrefOf('Job Status')).toBe('/scan-jobs');
    await page.close();
  });

  it('shows skeletons while loading and the spec toast when the dashboard cannot load', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }) });
    });
    await page.reload();
    await page.getByLabel('Loading latest releases').waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-loading'), fullPage: true });
    release();
    await page.locator('[data-sonner-toast]', { hasText: 'Failed to load dashboard data.' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Error' }).count()).toBe(1);
    await page.getByRole('alert').filter({ hasText: 'Failed to load dashboard data.' }).waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-error') });
    // Once the server answers again, Try again brings the figures.
    await page.unroute('**/api/dashboard');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Imported: 9').waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('follows live changes without a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.getByLabel('Import jobs running: 1').waitFor();
    await app.runtime.deps.database.query(`UPDATE import_jobs SET status = 'completed'`);
    await page.getByLabel('Import jobs running: 0').waitFor({ timeout: 15_000 });
    await page.close();
  });
});
