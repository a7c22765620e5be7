import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { importJobs, scanJobs, sources } from '@/db/schema';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));


const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const LONG_ERROR = `Bunny storage answered 401 Unauthorized for GET /fuga-deliveries/2025/: the access key was rejected. ${'Check the key. '.repeat(6)}END`;

describe.skipIf(!built)('Scan Jobs page in a browser', { timeout: 90_000 }, () => {
  let app: TestApp;
  let browser: Browser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp({ web: true });
    const db = app.runtime.deps.db;
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    const [fuga, gcs] = await db
      .insert(sources)
      .values([
        { name: 'FUGA', storageType: 'bunny_cdn', storageZone: 'fuga-deliveries', lastScannedAt: minutesAgo(5), createdAt: minutesAgo(30) },
        { name: 'Orchard bucket', storageType: 'google_cloud', storageZone: 'orchard-bucket', createdAt: minutesAgo(20) },
      ])
      .returning({ id: sources.id });
    ids.fuga = fuga!.id;
    const [failed, running, listing, done] = await db
      .insert(scanJobs)
      .values([
        { sourceId: fuga!.id, status: 'failed', errorMessage: LONG_ERROR, createdAt: minutesAgo(4), startedAt: minutesAgo(4), completedAt: minutesAgo(3) },
        { sourceId: fuga!.id, status: 'running', totalDirectories: 400, processedDirectories: 100, totalFiles: 98, currentBatch: 1, createdAt: minutesAgo(3), startedAt: minutesAgo(3) },
        { sourceId: gcs!.id, status: 'running', resumeToken: 'CiRvcmNoYXJkLzIwMjUv', currentBatch: 2, createdAt: minutesAgo(2), startedAt: minutesAgo(2) },
        { sourceId: gcs!.id, status: 'completed', totalDirectories: 30, processedDirectories: 30, totalFiles: 29, currentBatch: 1, createdAt: minutesAgo(10), completedAt: minutesAgo(9) },
      ])
      .returning({ id: scanJobs.id });
    ids.failed = failed!.id;
    ids.running = running!.id;
    ids.listing = listing!.id;
    ids.done = done!.id;
    const [stoppedImport, finishedImport] = await db
      .insert(importJobs)
      .values([
        { status: 'failed', totalFiles: 40, processedFiles: 12, importedFiles: 10, failedFiles: 2, currentBatch: 1, errorMessage: 'Manually stopped by user' },
        { status: 'completed', totalFiles: 10, processedFiles: 10, importedFiles: 10, currentBatch: 1 },
      ])
      .returning({ id: importJobs.id });
    ids.stoppedImport = stoppedImport!.id;
    ids.finishedImport = finishedImport!.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const scanRow = (page: Page, id: string) => page.getByRole('table', { name: 'Scan jobs' }).locator(`tr[data-job-id="${id}"]`);
  const importRow = (page: Page, id: string) => page.getByRole('table', { name: 'Import jobs' }).locator(`tr[data-job-id="${id}"]`);

  it('lists scan jobs with 8-character ids, phases, progress and cut errors, and import jobs with Resume where allowed', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/scan-jobs`);
    await scanRow(page, ids.failed!).waitFor();

    await expect(scanRow(page, ids.failed!).locator('td').first().textContent()).resolves.toBe(ids.failed!.slice(0, 8));
    await expect(scanRow(page, ids.failed!).getByText('Failed', { exact: true }).isVisible()).resolves.toBe(true);
    const shownError = await scanRow(page, ids.failed!).getByTestId('job-error').textContent();
    expect(shownError).toBe(`${LONG_ERROR.slice(0, 100)}...`);
    await scanRow(page, ids.failed!).getByTestId('job-error').hover();
    await page.getByRole('tooltip').getByText(/END$/).waitFor();

    await expect(scanRow(page, ids.running!).getByText('Processing directories').isVisible()).resolves.toBe(true);
    await expect(scanRow(page, ids.running!).getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    await expect(scanRow(page, ids.listing!).getByText('Listing directories (batch 2)').isVisible()).resolves.toBe(true);
    // Status badge and phase label (column 4) both say Completed.
    await expect(scanRow(page, ids.done!).locator('td').nth(2).textContent()).resolves.toBe('completed');
    await expect(scanRow(page, ids.done!).locator('td').nth(3).textContent()).resolves.toBe('Completed');
    await expect(scanRow(page, ids.done!).getByRole('button', { name: 'Retry' }).count()).resolves.toBe(0);

    await expect(importRow(page, ids.stoppedImport!).getByRole('button', { name: 'Resume' }).isVisible()).resolves.toBe(true);
    await expect(importRow(page, ids.finishedImport!).getByRole('button', { name: 'Resume' }).count()).resolves.toBe(0);
    await expect(importRow(page, ids.stoppedImport!).getByText('12 / 40').isVisible()).resolves.toBe(true);
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('scan-jobs-page'), fullPage: true });
    await page.close();
  });

  it('asks for a source first, retries a failed job, and shows a new job without a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/scan-jobs`);
    await scanRow(page, ids.failed!).waitFor();

    await page.getByRole('button', { name: 'Start Lightweight Scan' }).click();
    await page.getByText('Please select a source first.').waitFor();
    await page.getByLabel('Full Scan').click();
    await expect(page.getByRole('button', { name: 'Start Full Scan' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Full Scan').click();

    await scanRow(page, ids.failed!).getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Job Retried').waitFor();
    await scanRow(page, ids.failed!).getByText('Pending', { exact: true }).first().waitFor();
    const [retried] = await app.runtime.deps.db.select().from(scanJobs).where(eq(scanJobs.id, ids.failed!));
    expect(retried!.status).toBe('pending');
    expect(retried!.errorMessage).toBeNull();
    await expect(scanRow(page, ids.failed!).getByRole('button', { name: 'Retry' }).count()).resolves.toBe(0);

    // A job created elsewhere (another user, Scan All Sources) appears by itself.
    const [fresh] = await app.runtime.deps.db.insert(scanJobs).values({ sourceId: ids.fuga!, status: 'pending' }).returning({ id: scanJobs.id });
    await scanRow(page, fresh!.id).waitFor({ timeout: 5000 });
    await expect(scanRow(page, fresh!.id).getByText('FUGA').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('scan-jobs-after-retry'), fullPage: true });

    // Process Next Batch pushes the oldest active job: the one just retried. Its Bunny zone has no
    // key, so the batch fails, the toast says so and the job turns failed again by itself.
    await page.getByRole('button', { name: 'Process Next Batch' }).click();
    await page.getByText(/^Failed to process batch\./).waitFor({ timeout: 20_000 });
    await scanRow(page, ids.failed!).getByRole('button', { name: 'Retry' }).waitFor({ timeout: 5000 });
    await expect(scanRow(page, ids.failed!).getByTestId('job-error').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('starts a lightweight scan of the chosen source and purges its scan history after confirmation', async () => {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
    await page.goto(`${app.url}/scan-jobs`);
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Orchard bucket (Google Cloud)' }).click();
    await page.getByRole('button', { name: 'Start Lightweight Scan' }).click();
    await page.getByText('Scan Started').waitFor();
    await page.getByText('Scanning Orchard bucket...').waitFor();

    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'FUGA (Bunny CDN)' }).click();
    await page.getByRole('button', { name: 'Purge History' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/last scan time of FUGA is cleared/).waitFor();
    await confirm.getByRole('button', { name: 'Purge History' }).click();
    await page.getByText('Scan History Purged').waitFor();
    const [fuga] = await app.runtime.deps.db.select().from(sources).where(eq(sources.id, ids.fuga!));
    expect(fuga!.lastScannedAt).toBeNull();
    await page.close();
  });
});
