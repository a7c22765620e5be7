import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { artist, asset, assetDeliveryHistory, ddexFile, importJobs, partner, resource, scanJobs, sources } from '@/db/schema';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe.skipIf(!built)('DDEX Files page in a browser', { timeout: 90_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ web: true });
    const db = app.runtime.deps.db;
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    await app.createUser('user@example.com', 'user-password-1', 'user');
    const [fuga, plain, orchard] = await db
      .insert(sources)
      .values([
        { name: 'FUGA', storageType: 'bunny_cdn', storageZone: 'fuga-deliveries', lastScannedAt: minutesAgo(12), createdAt: minutesAgo(30) },
        { name: 'source', storageType: 'google_cloud', storageZone: 'partner-bucket', createdAt: minutesAgo(20) },
        { name: 'Orchard', storageType: 'local', storageZone: '/srv/orchard', createdAt: minutesAgo(10) },
      ])
      .returning({ id: sources.id });
    ids.fuga = fuga!.id;
    const [alpha, beta] = await db
      .insert(partner)
      .values([
        { name: 'Alpha Records', slug: 'alpha-records' },
        { name: 'Beta Music', slug: 'beta-music' },
      ])
      .returning({ id: partner.id });
    const [alice] = await db
      .insert(artist)
      .values([
        { name: 'Alice Approved', status: 'approved', isMainArtist: true },
        { name: 'Rex Rejected', status: 'rejected', isMainArtist: true },
      ])
      .returning({ id: artist.id });
    ids.alice = alice!.id;

    const [ready] = await db
      .insert(ddexFile)
      .values({
        sourceId: fuga!.id,
        sourcePath: 'FUGA/20250301/8712345678901/8712345678901.xml',
        partnerId: alpha!.id,
        messageId: 'MSG-READY-1',
        artistName: 'Alice Approved',
        releaseTitle: 'Sunlit Canals',
        upc: '8712345678901',
        isrc: 'NLA012500001',
        durationMs: 201_000,
        releaseDate: '2025-03-01',
        status: 'metadata_scanned',
        importEligible: true,
        deliveryType: 'redelivery',
        deliverySequence: 2,
        createdAt: minutesAgo(1),
      })
      .returning({ id: ddexFile.id });
    ids.ready = ready!.id;
    await db.insert(ddexFile).values([
      {
        sourceId: fuga!.id,
        sourcePath: 'FUGA/20250302/broken/broken.xml',
        partnerId: alpha!.id,
        releaseTitle: 'Broken Delivery',
        status: 'error',
        error: 'Line 12, column 4: closing tag </Title> does not match <TitleText>',
        createdAt: minutesAgo(2),
      },
      {
        sourceId: fuga!.id,
        sourcePath: 'FUGA/20250303/unknown-artist/message.xml',
        partnerId: beta!.id,
        artistName: 'Nobody Imported',
        releaseTitle: 'Ghost Single',
        status: 'metadata_scanned',
        createdAt: minutesAgo(3),
      },
      {
        sourceId: fuga!.id,
        sourcePath: 'FUGA/20250304/rejected/message.xml',
        partnerId: beta!.id,
        artistName: 'Rex Rejected',
        releaseTitle: 'Hidden Rejected Album',
        status: 'metadata_scanned',
        createdAt: minutesAgo(4),
      },
      ...Array.from({ length: 60 }, (_, i) => ({
        sourceId: orchard!.id,
        sourcePath: `orchard/${String(i).padStart(3, '0')}/message.xml`,
        partnerId: beta!.id,
        releaseTitle: `Orchard Release ${String(i).padStart(3, '0')}`,
        status: 'discovered' as const,
        createdAt: minutesAgo(60 + i),
      })),
    ]);
    void plain;

    const [track] = await db.insert(resource).values({ ddexFileId: ids.ready, title: 'Sunlit Canals', mediaType: 'audio' }).returning({ id: resource.id });
    const [oldWav] = await db.insert(asset).values({ resourceId: track!.id, kind: 'master', bucket: 'fuga-deliveries', key: 'FUGA/20250101/8712345678901/resources/A1.wav' }).returning({ id: asset.id });
    const [newWav, cover] = await db
      .insert(asset)
      .values([
        { resourceId: track!.id, kind: 'master', bucket: 'fuga-deliveries', key: 'FUGA/20250301/8712345678901/resources/A1.wav', mimeType: 'audio/wav', fileSize: 3_400_000, isPrimary: true },
        { resourceId: track!.id, kind: 'cover', bucket: 'fuga-deliveries', key: 'FUGA/20250101/8712345678901/resources/cover.jpg', mimeType: 'image/jpeg', fileSize: 120_000 },
      ])
      .returning({ id: asset.id });
    await db.update(asset).set({ supersededBy: newWav!.id, supersededAt: new Date() }).where(eq(asset.id, oldWav!.id));
    await db.insert(assetDeliveryHistory).values([
      { assetId: newWav!.id, ddexFileId: ids.ready, previousAssetId: oldWav!.id },
      { assetId: cover!.id, ddexFileId: ids.ready, reused: true },
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const fileRows = (page: Page) => page.getByRole('table', { name: 'DDEX files' }).locator('tbody tr');

  it('shows banner, header buttons, source cards (Purge only on FUGA and source) and the first 50 files', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/ddex-files`);
    await page.getByText('Sunlit Canals').first().waitFor();
    await expect(page.getByText(/Scanning a source discovers the DDEX deliveries/).isVisible()).resolves.toBe(true);
    for (const name of ['Scan All Sources', 'Stop All Jobs', 'Rescan Metadata', 'Import Visible (1)', 'Auto-Import Eligible (1)']) {
      await expect(page.getByRole('button', { name }).isVisible(), name).resolves.toBe(true);
    }
    const fugaCard = page.getByTestId('source-card-FUGA');
    // Four files, the rejected artist's included: the card counts what the source holds.
    await expect(fugaCard.getByText('4', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(fugaCard.getByRole('button', { name: 'Purge' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('source-card-source').getByRole('button', { name: 'Purge' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('source-card-Orchard').getByRole('button', { name: 'Purge' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('source-card-Orchard').getByRole('button', { name: 'Full Rescan' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('source-card-source').getByText('Never').isVisible()).resolves.toBe(true);

    await expect(fileRows(page).count()).resolves.toBe(50);
    await expect(page.getByText('Showing 1–50 of 63 files').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Hidden Rejected Album').count()).resolves.toBe(0);
    const readyRow = page.locator(`tr[data-file-id="${ids.ready}"]`);
    await expect(readyRow.getByText('3:21').isVisible()).resolves.toBe(true);
    await expect(readyRow.getByText('01/03/2025').isVisible()).resolves.toBe(true);
    await expect(readyRow.getByText('Redelivery').isVisible()).resolves.toBe(true);
    await expect(readyRow.getByText('Ready to Import').isVisible()).resolves.toBe(true);
    await expect(readyRow.getByRole('link', { name: 'Alice Approved' }).getAttribute('href')).resolves.toBe(`/artists/${ids.alice}`);
    await page.screenshot({ path: screenshotPath('ddex-files-page'), fullPage: true });

    // The error text shows on hover of the Error badge.
    await page.getByText('Error', { exact: true }).first().hover();
    await page.getByRole('tooltip').getByText(/closing tag/).waitFor();

    // Card and header scan actions create scan jobs; Stop All Jobs fails them again.
    await page.getByTestId('source-card-Orchard').getByRole('button', { name: 'Scan', exact: true }).click();
    await page.getByText('Scanning Orchard...').waitFor();
    await page.getByRole('button', { name: 'Scan All Sources' }).click();
    await page.getByText('Scans Started').waitFor();
    await page.getByRole('button', { name: 'Stop All Jobs' }).click();
    await page.getByText('Jobs Stopped').waitFor();
    const jobs = await app.runtime.deps.db.select().from(scanJobs);
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.every((job) => job.status === 'failed' && job.errorMessage === 'Manually stopped by user')).toBe(true);

    // Purge on the 'source' card, after confirmation, leaves the other sources alone.
    await page.getByTestId('source-card-source').getByRole('button', { name: 'Purge' }).click();
    await page.getByRole('alertdialog').getByText(/cannot be undone/).waitFor();
    await page.screenshot({ path: screenshotPath('ddex-files-purge-confirm') });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Purge' }).click();
    await page.getByText(/^Purged 0 DDEX files and \d+ scan jobs? of source\.$/).waitFor();
    await expect(page.getByText('Showing 1–50 of 63 files').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('filters by search, status, partner, rejected artists, and paginates with an ellipsis window', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.goto(`${app.url}/ddex-files`);
    await page.getByText('Sunlit Canals').first().waitFor();
    // Users see no Purge.
    await expect(page.getByRole('button', { name: 'Purge' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 51–63 of 63 files').waitFor();
    await expect(fileRows(page).count()).resolves.toBe(13);
    await expect(page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');

    await page.getByLabel('Search DDEX files').fill('NLA0125');
    await fileRows(page).first().getByText('Sunlit Canals').waitFor();
    await page.getByText('Showing 1–1 of 1 files').waitFor();
    await page.getByLabel('Search DDEX files').fill('');
    await page.getByText('Showing 1–50 of 63 files').waitFor();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Error' }).click();
    await page.getByText('Showing 1–1 of 1 files').waitFor();
    await fileRows(page).first().getByText('Broken Delivery').waitFor();
    await expect(fileRows(page).count()).resolves.toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All Statuses' }).click();

    await page.getByRole('combobox', { name: 'Partner' }).click();
    await page.getByRole('option', { name: 'Alpha Records' }).click();
    await page.getByText('Showing 1–2 of 2 files').waitFor();
    await page.getByRole('combobox', { name: 'Partner' }).click();
    await page.getByRole('option', { name: 'All Partners' }).click();

    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Release Date Newest' }).click();
    await page.waitForFunction(() => document.querySelector('table[aria-label="DDEX files"] tbody tr')?.textContent?.includes('Sunlit Canals'));

    await page.getByLabel('Show rejected artists').click();
    await page.getByText('Showing 1–1 of 1 files').waitFor();
    await expect(page.getByText('Hidden Rejected Album').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('ddex-files-filtered'), fullPage: true });
    await page.getByLabel('Show rejected artists').click();
    await page.getByText('Showing 1–50 of 63 files').waitFor();

    // Back to Latest First: under a release-date sort the 62 undated files tie and fall in id order,
    // so which of them lands on page 1 is chance.
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Latest First' }).click();
    await page.waitForFunction(() => document.querySelector('table[aria-label="DDEX files"] tbody tr')?.textContent?.includes('Sunlit Canals'));

    // An artist without a record: the spec's toast.
    await page.locator('tr', { hasText: 'Ghost Single' }).getByRole('button', { name: 'Nobody Imported' }).click();
    await page.getByText('Artist not found').waitFor();
    await expect(page.getByText("This artist hasn't been imported yet.").isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('opens the assets dialog with each badge, and answers import attempts with the spec toasts', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.goto(`${app.url}/ddex-files`);
    const readyRow = page.locator(`tr[data-file-id="${ids.ready}"]`);
    await readyRow.getByRole('button', { name: '3 assets' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('FUGA/20250301/8712345678901/resources/A1.wav').waitFor();
    const badgeOf = (key: string) => dialog.locator('tr', { hasText: key }).locator('td').last();
    await expect(badgeOf('FUGA/20250301/8712345678901/resources/A1.wav').textContent()).resolves.toBe('Changed');
    await expect(badgeOf('FUGA/20250101/8712345678901/resources/A1.wav').textContent()).resolves.toBe('Superseded');
    await expect(badgeOf('cover.jpg').textContent()).resolves.toBe('Reused');
    await page.screenshot({ path: screenshotPath('ddex-files-assets-dialog') });
    await page.keyboard.press('Escape');

    // Import Visible asks first, then starts one import job with the visible eligible files.
    await page.getByRole('button', { name: 'Import Visible (1)' }).click();
    await page.getByRole('alertdialog').getByText('Import 1 visible eligible file?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await page.getByText('Import Started').waitFor();
    const jobs = await app.runtime.deps.db.select().from(importJobs);
    expect(jobs.map((job) => job.fileIds)).toEqual([[ids.ready]]);

    // The row's own Import (an icon at this width, named for screen readers and in its tooltip).
    await readyRow.getByRole('button', { name: 'Import', exact: true }).hover();
    await page.getByRole('tooltip').getByText('Import', { exact: true }).waitFor();
    await readyRow.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('alertdialog').getByText('Import Sunlit Canals?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await expect.poll(async () => (await app.runtime.deps.db.select().from(importJobs)).length, { timeout: 10_000 }).toBe(2);

    // Rescan Metadata (header) asks which files, then queues them.
    await page.getByRole('button', { name: 'Rescan Metadata' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Visible files (50)' }).click();
    await page.getByText('Rescan Started').waitFor();

    // A row's rescan reads the file from its source; this one's storage cannot be reached.
    await page.getByRole('button', { name: 'Actions for Broken Delivery' }).click();
    await page.getByRole('menuitem', { name: 'Rescan metadata' }).click();
    await page.getByText('Parse Failed').waitFor({ timeout: 20_000 });

    // With nothing eligible on screen: 'No Files to Import'.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Discovered' }).click();
    await page.getByText('Showing 1–50 of 60 files').waitFor();
    await page.getByRole('button', { name: 'Import Visible (0)' }).click();
    await page.getByText('No Files to Import').waitFor();
    await page.close();
  });

  it('deletes a file after confirmation and shows a file inserted in the database without a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'user@example.com', 'user-password-1');
    await page.goto(`${app.url}/ddex-files`);
    await page.getByText('Ghost Single').waitFor();

    await page.getByRole('button', { name: 'Actions for Ghost Single' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('FUGA/20250303/unknown-artist/message.xml').waitFor();
    await page.screenshot({ path: screenshotPath('ddex-files-delete-confirm') });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('File Deleted').waitFor();
    await page.waitForFunction(() => !document.querySelector('table[aria-label="DDEX files"]')?.textContent?.includes('Ghost Single'));
    const gone = await app.runtime.deps.db.select().from(ddexFile).where(eq(ddexFile.releaseTitle, 'Ghost Single'));
    expect(gone).toHaveLength(0);

    // Live insert: a scan on the server adds a file; the open page shows it by itself.
    await app.runtime.deps.db.insert(ddexFile).values({
      sourceId: ids.fuga!,
      sourcePath: 'FUGA/20250310/live/live.xml',
      releaseTitle: 'Arrived While Watching',
      status: 'discovered',
    });
    await page.getByText('Arrived While Watching').waitFor({ timeout: 5000 });
    await expect(page.getByText('Showing 1–50 of 63 files').isVisible()).resolves.toBe(true);
    // Live update: the file's status changes on the server.
    await app.runtime.deps.db.update(ddexFile).set({ status: 'metadata_scanned' }).where(eq(ddexFile.releaseTitle, 'Arrived While Watching'));
    await page.locator('tr', { hasText: 'Arrived While Watching' }).getByText('Awaiting Approval').waitFor({ timeout: 5000 });
    await page.screenshot({ path: screenshotPath('ddex-files-live-insert'), fullPage: true });
    await page.close();
  });

  it('offers admins the demo deliveries when there is no source', async () => {
    await app.runtime.deps.db.delete(sources);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/ddex-files`);
    await page.getByText('No DDEX sources yet').waitFor();
    await expect(page.getByRole('button', { name: 'Load demo deliveries' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('ddex-files-empty'), fullPage: true });
    await page.close();
  });
});

describe.skipIf(!built)('DDEX Files on the demo deliveries, with workers', { timeout: 180_000 }, () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp({ web: true, workers: true });
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('loads the demo deliveries from the empty page and shows the scanned files arrive live', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/ddex-files`);
    await page.getByRole('button', { name: 'Load demo deliveries' }).click();
    await page.getByText('Demo Deliveries Loaded').waitFor({ timeout: 60_000 });
    // No reload from here on: the cards and rows arrive through live updates.
    await page.getByRole('table', { name: 'DDEX files' }).locator('tbody tr[data-file-id]').first().waitFor({ timeout: 90_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="DDEX files"] [data-status="awaiting_approval"], table[aria-label="DDEX files"] [data-status="error"]').length >= 2,
      null,
      { timeout: 90_000 },
    );
    const statuses = await page.locator('table[aria-label="DDEX files"] [data-status]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThan(5);
    // New main artists start pending, so nothing is ready yet; the malformed demo file shows Error.
    expect(statuses).not.toContain('ready');
    await page.waitForFunction(() => document.querySelector('table[aria-label="DDEX files"] [data-status="error"]') !== null, null, { timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Partner' }).click();
    await expect(page.getByRole('option').count()).resolves.toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: screenshotPath('ddex-files-demo'), fullPage: true });
    await page.close();
  });
});
