import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { folderWriter, generateDemoDeliveries } from '@/features/demo';
import { screenArtist } from '@/features/artists/screening';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { localSource, scanSource } from '../scanning/support';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


describe.skipIf(!built)('Artists pages in a browser', { timeout: 120_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let folder: string;
  let mainArtists: number;

  beforeAll(async () => {
    app = await startTestApp({ web: true });
    await app.createUser('user@example.com', 'user-password-1', 'user');
    folder = mkdtempSync(path.join(tmpdir(), 'artists-e2e-'));
    await generateDemoDeliveries(folderWriter(folder));
    const deps = app.runtime.deps;
    const source = await localSource(deps, folder);
    await scanSource(deps, source.id);
    const artists = await deps.db.execute<{ id: string }>(sql`SELECT id FROM artist WHERE is_main_artist`);
    mainArtists = artists.rows.length;
    for (const row of artists.rows) await screenArtist(deps, row.id);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, app, 'user@example.com', 'user-password-1');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const rows = () => page.getByTestId('artist-row');

  it('lists the artists by tab with counts, criteria badges, search, sort and page size', async () => {
    await page.goto(`${app.url}/artists`);
    await page.getByRole('heading', { name: 'Artists' }).waitFor();
    await page.getByText('No approved artists.').waitFor();
    await expect(page.getByRole('tab', { name: `Pending (${mainArtists})` }).isVisible()).resolves.toBe(true);
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(mainArtists);
    // Name order by default; the criteria badges of a Dutch artist.
    const names = await page.locator('[data-testid="artist-row"] td:first-child a').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1)));
    const sanne = rows().filter({ hasText: 'Sanne Verhoef' });
    await expect(sanne.getByLabel('Benelux roots: Yes').isVisible()).resolves.toBe(true);
    await expect(sanne.getByLabel('Performs in Dutch: Yes').isVisible()).resolves.toBe(true);
    await expect(rows().filter({ hasText: 'Ivy Calder' }).getByLabel('Benelux roots: No').isVisible()).resolves.toBe(true);
    await expect(sanne.getByRole('button', { name: 'Approve Sanne Verhoef' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(`Showing 1–${mainArtists} of ${mainArtists} artists`).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('artists-list-pending'), fullPage: true });

    await page.getByLabel('Page size').click();
    await page.getByRole('option', { name: '25 per page' }).click();
    await page.getByLabel('Sort').click();
    await page.getByRole('option', { name: 'Name (Z–A)' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="artist-row"] a')?.textContent === 'Wout Declercq');

    await page.getByLabel('Search artists').fill('verm');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="artist-row"]').length === 1);
    await expect(rows().first().textContent()).resolves.toContain('Lien Vermeersch');
    await expect(page.getByRole('tab', { name: 'All Artists (1)' }).isVisible()).resolves.toBe(true);
  });

  it('approves, rejects and ignores from the list, with toasts and updated tabs', async () => {
    await rows().filter({ hasText: 'Lien Vermeersch' }).getByRole('button', { name: 'Approve Lien Vermeersch' }).click();
    await page.getByText('Artist Approved').waitFor();
    await page.getByRole('tab', { name: 'Approved (1)' }).waitFor();
    await page.getByLabel('Search artists').fill('');
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await page.getByRole('tab', { name: `Pending (${mainArtists - 1})` }).waitFor();
    await rows().filter({ hasText: 'Ivy Calder' }).getByRole('button', { name: 'Reject Ivy Calder' }).click();
    await page.getByText('Artist Rejected').waitFor();
    await rows().filter({ hasText: 'Kaito Morishima' }).getByRole('button', { name: 'Ignore Kaito Morishima' }).click();
    await page.getByText('Artist Ignored').first().waitFor();
    await page.getByRole('tab', { name: 'Ignored (1)' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="artist-row"]').length === 1);
    await expect(rows().first().getByText('Ignored', { exact: true }).isVisible()).resolves.toBe(true);
    await page.getByRole('tab', { name: /^Approved/ }).click();
    await rows().first().waitFor();
    const lien = rows().filter({ hasText: 'Lien Vermeersch' });
    await expect(lien.getByRole('switch', { name: 'Autopush for Lien Vermeersch' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(lien.getByRole('button', { name: 'Reject Lien Vermeersch' }).isVisible()).resolves.toBe(true);
    await expect(lien.getByRole('button', { name: 'Approve Lien Vermeersch' }).count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('artists-list-approved'), fullPage: true });
  });

  it('exports exactly the rows of the tab as CSV and imports approved artists', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^artists-approved-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^name,status,ignored,autopush,tier/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Lien Vermeersch']);

    await page.getByRole('button', { name: 'Import Approved Artists' }).click();
    await page.getByTestId('import-outcome').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('import-outcome').textContent()).resolves.toMatch(/\d+ imported, \d+ failed\./);
  });

  it('shows the detail: status, tier with names, labels, criteria, AI assessment and files', async () => {
    await page.goto(`${app.url}/artists`);
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await page.getByRole('link', { name: 'Sanne Verhoef' }).click();
    await page.getByRole('heading', { name: 'Sanne Verhoef' }).waitFor();
    expect(page.url()).toMatch(/\/artists\/[0-9a-f-]{36}$/);
    await expect(page.getByText('AI Assessment').isVisible()).resolves.toBe(true);
    const badge = page.getByText(/^\d+% confidence$/);
    await badge.waitFor();
    expect(Number((await badge.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(80);
    await expect(page.getByTestId('ai-reasoning').textContent()).resolves.toContain('LanguageOfPerformance is Dutch (nl)');
    await expect(page.getByText('Last reviewed').locator('..').textContent()).resolves.toContain('Never');
    await expect(page.getByRole('table', { name: 'DDEX files of this artist' }).getByText('Zomer aan Zee').count()).resolves.toBe(2);

    await page.getByLabel('New label').fill('Nederpop');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove label Nederpop' }).waitFor();
    await page.getByLabel('New label').fill('  nederpop ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Label already exists').waitFor();
    await page.getByLabel('New label').fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Remove label/ }).count()).resolves.toBe(1);

    await page.getByLabel('Tier', { exact: true }).click();
    await page.getByRole('option', { name: 'B · Established' }).click();
    await page.getByText('Tier B · Established').waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Artist Approved').waitFor();
    await page.getByText('Ready to Import').first().waitFor();
    await expect(page.getByRole('switch', { name: 'Autopush' }).getAttribute('aria-checked')).resolves.toBe('true');
    await expect(page.getByText('Last reviewed').locator('..').textContent()).resolves.not.toContain('Never');
    await page.screenshot({ path: screenshotPath('artists-detail'), fullPage: true });

    await page.getByRole('button', { name: 'Re-screen' }).click();
    await page.getByText('Screening Updated').waitFor();

    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Artists' }).waitFor();
  });

  it("shows 'Artist not found' for a missing artist", async () => {
    await page.goto(`${app.url}/artists/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Artist not found').waitFor();
    await page.screenshot({ path: screenshotPath('artists-detail-not-found') });
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${app.url}/artists`);
  });
});
