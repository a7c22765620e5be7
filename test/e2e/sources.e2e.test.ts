import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { ddexFile, sources } from '@/db/schema';
import { startTestApp, WEB_ROOT, type TestApp } from '../helpers/app';
import { launchBrowser, screenshotPath, signIn } from '../helpers/browser';
import { startFakeBunny, type FakeBunny } from '../fakes/bunny-storage';

const built = existsSync(path.join(WEB_ROOT, 'index.html'));
const ZONE = 'label-drops';
const KEY = 'zone-password-5b1e77c2d9';
const MASK = '••••••••';

/** A sonner toast holding both its title and its message. */
function toast(page: Page, title: string, message?: string | RegExp): Locator {
  let locator = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (message) locator = locator.filter({ hasText: message });
  return locator.first();
}

describe.skipIf(!built)('the DDEX Sources page in a browser', { timeout: 60_000 }, () => {
  let app: TestApp;
  let bunny: FakeBunny;
  let browser: Browser;
  let page: Page;
  let localFolder: string;

  beforeAll(async () => {
    bunny = await startFakeBunny({ zones: { [ZONE]: KEY } });
    localFolder = await mkdtemp(path.join(os.tmpdir(), 'sources-e2e-'));
    app = await startTestApp({ web: true, env: { BUNNY_STORAGE_BASE_URL: bunny.baseUrl } });
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Fail on the step that waits, well inside the test's own timeout, so the error names it.
    page.setDefaultTimeout(10_000);
    await signIn(page, app, 'admin@example.com', 'admin-password-1');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await bunny?.close();
    if (localFolder) await rm(localFolder, { recursive: true, force: true });
  });

  it('shows the caution banner and an empty state that explains sources', async () => {
    await page.goto(`${app.url}/sources`);
    await page.getByRole('heading', { name: 'DDEX Sources', level: 1 }).waitFor();
    await page.getByText('Proceed with caution and only make changes if you know what you are doing').waitFor();
    await page.getByText('No DDEX sources yet').waitFor();
    await expect(page.getByRole('button', { name: 'Load demo deliveries' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Fix DDEX Status' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('sources-empty'), fullPage: true });
  });

  it('adds a Bunny source through the dialog after a successful test', async () => {
    await page.getByRole('button', { name: 'Add New DDEX Source' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New DDEX Source' });
    await dialog.waitFor();
    await expect(dialog.getByText('Keys are stored securely').isVisible()).resolves.toBe(true);
    const test = dialog.getByRole('button', { name: 'Test', exact: true });
    await expect(test.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByText('Please enter storage zone and access key to test connection.').isVisible()).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast(page, 'Validation Error', 'Please enter a source name.').waitFor();

    await dialog.getByLabel('Source Name').fill('Label Drops');
    await dialog.getByLabel('Storage Zone').fill(ZONE);
    const key = dialog.locator('#source-access-key');
    await key.fill(KEY);
    await expect(key.getAttribute('type')).resolves.toBe('password');
    await dialog.getByRole('button', { name: 'Show access key' }).click();
    await expect(key.getAttribute('type')).resolves.toBe('text');
    await dialog.getByRole('button', { name: 'Hide access key' }).click();
    await expect(key.getAttribute('type')).resolves.toBe('password');
    await page.screenshot({ path: screenshotPath('sources-dialog-bunny') });

    await test.click();
    await toast(page, 'Connection Successful', /Successfully connected to storage zone label-drops \(Response time: \d+ ms\)/).waitFor();
    await page.screenshot({ path: screenshotPath('sources-dialog-test-ok') });

    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast(page, 'Source Added', 'Label Drops has been added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row').filter({ hasText: 'Label Drops' });
    await row.waitFor();
    for (const cell of ['Bunny CDN', ZONE, 'active', 'Never']) await expect(row.getByText(cell, { exact: true }).isVisible(), cell).resolves.toBe(true);
    const [stored] = await app.runtime.deps.db.select().from(sources);
    expect(stored!.accessKey).toMatch(/^enc:v1:/);
    expect(stored!.status).toBe('active');
    await expect(row.getByText(stored!.id).isVisible()).resolves.toBe(true);
  });

  it("tests a row, stamping Last Connected, and scans it", async () => {
    const row = page.getByRole('row').filter({ hasText: 'Label Drops' });
    await row.getByRole('button', { name: 'Test Label Drops' }).click();
    await toast(page, 'Connection Successful', /^.*Label Drops: Successfully connected/).waitFor();
    await row.getByText('Never', { exact: true }).waitFor({ state: 'detached' });
    await expect(row.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).isVisible()).resolves.toBe(true);

    await row.getByRole('button', { name: 'Scan Label Drops' }).click();
    await toast(page, 'Scan Started', 'Scanning Label Drops...').waitFor();
    await page.screenshot({ path: screenshotPath('sources-table'), fullPage: true });

    await page.getByRole('button', { name: 'Fix DDEX Status' }).click();
    await toast(page, 'Status Fixed', /^Status FixedFixed \d+ initial deliveries and \d+ redeliveries\.$/).waitFor();
  });

  it('edits the source keeping the masked key, and reports a wrong new key on Test', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Label Drops' });
    await row.getByRole('button', { name: 'Edit Label Drops' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit DDEX Source' });
    await dialog.waitFor();
    const key = dialog.locator('#source-access-key');
    await expect(key.inputValue()).resolves.toBe(MASK);
    await dialog.getByRole('button', { name: 'Show access key' }).click();
    await expect(key.inputValue()).resolves.toBe(MASK);
    await page.screenshot({ path: screenshotPath('sources-dialog-edit') });

    // The mask plus the source id tests with the stored key.
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    await toast(page, 'Connection Successful', /Response time/).waitFor();

    await key.fill('a-wrong-key');
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    await toast(page, 'Connection Failed', `Invalid access key for storage zone ${ZONE}`).waitFor();
    await page.screenshot({ path: screenshotPath('sources-dialog-test-failed') });

    await key.fill(MASK);
    await dialog.getByLabel('Source Name').fill('Label Drops EU');
    // Scan settings fold away; a value out of range is refused with its range, in the dialog.
    await dialog.getByRole('button', { name: /Scan settings/ }).click();
    const concurrency = dialog.getByLabel('Concurrent requests');
    await expect(concurrency.getAttribute('placeholder')).resolves.toBe('16');
    await concurrency.fill('100');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Validation Error', "Concurrent requests must be a whole number from 1 to 64; got '100'.").waitFor();
    await concurrency.fill('6');
    await dialog.getByLabel('Incomplete batch age (h)').fill('2');
    await page.screenshot({ path: screenshotPath('sources-dialog-scan-settings') });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Source Updated', 'Label Drops EU has been updated.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Label Drops EU' }).waitFor();
    const [stored] = await app.runtime.deps.db.select().from(sources);
    expect(app.runtime.deps.secrets.decrypt(stored!.accessKey!)).toBe(KEY);
    expect(stored!.settings).toEqual({ max_concurrent_requests: 6, incomplete_batch_max_age_hours: 2 });

    // Opened again, the dialog shows what was saved.
    await page.getByRole('row').filter({ hasText: 'Label Drops EU' }).getByRole('button', { name: 'Edit Label Drops EU' }).click();
    const again = page.getByRole('dialog', { name: 'Edit DDEX Source' });
    await again.getByRole('button', { name: /Scan settings.*2 changed/ }).click();
    await expect(again.getByLabel('Concurrent requests').inputValue()).resolves.toBe('6');
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });
  });

  it('deletes after a confirmation naming the source and its storage zone', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Label Drops EU' });
    await row.getByRole('button', { name: 'Delete Label Drops EU' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await expect(confirm.getByText(/cannot be undone/).isVisible()).resolves.toBe(true);
    await expect(confirm.getByText('Label Drops EU', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(confirm.getByText(ZONE, { exact: true }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('sources-delete-confirm') });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Source Deleted', 'Label Drops EU has been deleted.').waitFor();
    await page.getByText('No DDEX sources yet').waitFor();
    expect(await app.runtime.deps.db.select().from(sources).where(eq(sources.name, 'Label Drops EU'))).toHaveLength(0);
  });

  it('loads the demo deliveries from the empty state as a local source', async () => {
    await page.getByRole('button', { name: 'Load demo deliveries' }).click();
    await toast(page, 'Demo Deliveries Loaded', /demo/i).waitFor({ timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: 'Local folder' });
    await row.waitFor();
    await expect(page.getByText('No DDEX sources yet').count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('sources-demo-loaded'), fullPage: true });
  });

  it('shows the fields of each storage kind and adds a local folder source', async () => {
    await page.getByRole('button', { name: 'Add New DDEX Source' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New DDEX Source' });
    await dialog.waitFor();
    const chooseKind = async (label: string) => {
      await dialog.getByLabel('Storage Type').click();
      await page.getByRole('option', { name: label }).click();
    };

    await chooseKind('Google Cloud Storage');
    for (const label of ['Project ID', 'Bucket Name', 'Service Account Key (JSON)']) await dialog.getByLabel(label).waitFor();
    await expect(dialog.getByLabel('Storage Zone').count()).resolves.toBe(0);
    await expect(dialog.getByText('Please enter all GCS credentials to test connection.').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Show service account key' }).waitFor();
    await page.screenshot({ path: screenshotPath('sources-dialog-gcs') });

    await chooseKind('S3-compatible');
    for (const label of ['Bucket', 'Endpoint URL (optional)', 'Access Key ID', 'Secret Access Key']) await dialog.getByLabel(label, { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Show secret access key' }).waitFor();
    await page.screenshot({ path: screenshotPath('sources-dialog-s3') });

    await chooseKind('Local folder');
    await dialog.getByLabel('Source Name').fill('Demo Folder');
    await dialog.getByLabel('Folder Path').fill('relative/path');
    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast(page, 'Validation Error', 'The folder path must be absolute').waitFor();
    await dialog.getByLabel('Folder Path').fill(localFolder);
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    await toast(page, 'Connection Successful', `Successfully connected to folder ${localFolder}`).waitFor();
    await page.screenshot({ path: screenshotPath('sources-dialog-local') });
    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast(page, 'Source Added', 'Demo Folder has been added.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Demo Folder' });
    await row.getByText('Local folder', { exact: true }).waitFor();
    await row.getByText(localFolder, { exact: true }).waitFor();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath('sources-table-local'), fullPage: true });
  });

  it('follows database changes live: a new source and a growing Files Count', async () => {
    const { db } = app.runtime.deps;
    const [inserted] = await db.insert(sources).values({ name: 'Inserted Elsewhere', storageType: 'local', storageZone: localFolder }).returning();
    await page.getByRole('row').filter({ hasText: 'Inserted Elsewhere' }).waitFor({ timeout: 5000 });
    await db.insert(ddexFile).values([1, 2].map((n) => ({ sourceId: inserted!.id, sourcePath: `d${n}/message.xml` })));
    const row = page.getByRole('row').filter({ hasText: 'Inserted Elsewhere' });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 5000 });
  });

  it('is usable from the keyboard: the dialog opens, traps focus and closes with Escape', async () => {
    await page.getByRole('button', { name: 'Add New DDEX Source' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New DDEX Source' });
    await dialog.waitFor();
    await page.keyboard.type('Typed Source');
    await expect(dialog.getByLabel('Source Name').inputValue()).resolves.toBe('Typed Source');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), `tab ${i + 1}`).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
