import { mkdtemp, readdir, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageAdapter, testStorageConnection, StorageError } from '@/storage';
import { expectStorageError } from './harness';

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-adapter-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'local-outside-'));
  await writeFile(path.join(outside, 'secret.txt'), 'not yours');
  await mkdir(path.join(root, 'inbox'), { recursive: true });
  await writeFile(path.join(root, 'inbox', 'release.xml'), '<NewReleaseMessage/>');
  await symlink(outside, path.join(root, 'inbox', 'escape'));
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'inbox', 'secret-link.txt'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('local folder adapter', () => {
  it('refuses a relative or missing root folder with the reason', async () => {
    expect(() => createStorageAdapter({ kind: 'local', root: 'data/deliveries' })).toThrow('Local folder must be an absolute path, got data/deliveries');
    expect(() => createStorageAdapter({ kind: 'local', root: '' })).toThrow('Local folder path is missing');
    const missing = path.join(root, 'does-not-exist');
    expect(await testStorageConnection({ kind: 'local', root: missing })).toMatchObject({ success: false, message: `Folder ${missing} does not exist` });
    const file = path.join(root, 'inbox', 'release.xml');
    expect(await testStorageConnection({ kind: 'local', root: file })).toMatchObject({ success: false, message: `${file} is a file, not a folder` });
  });

  it('refuses symlinks that lead outside the folder', async () => {
    const adapter = createStorageAdapter({ kind: 'local', root });
    const err = await expectStorageError(adapter.read('inbox/escape/secret.txt'), 'bad_path');
    expect(err.message).toBe(`Path inbox/escape/secret.txt points outside the folder ${root}`);
    await expectStorageError(adapter.readBuffer('inbox/secret-link.txt'), 'bad_path');
    await expectStorageError(adapter.list('inbox/escape'), 'bad_path');
    await expectStorageError(adapter.write('inbox/escape/planted.txt', Buffer.from('x')), 'bad_path');
    await expectStorageError(adapter.write('inbox/escape/new/deeper/planted.txt', Buffer.from('x')), 'bad_path');
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('refuses .. and absolute paths on every operation', async () => {
    const adapter = createStorageAdapter({ kind: 'local', root });
    for (const bad of ['../x', 'inbox/../../x', '/etc/passwd', 'C:\\Windows\\x']) {
      const err = await adapter.stat(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, bad).toBeInstanceOf(StorageError);
      expect((err as StorageError).code).toBe('bad_path');
    }
    await expectStorageError(adapter.write('../planted.txt', Buffer.from('x')), 'bad_path');
    await expectStorageError(adapter.delete('inbox/../../'), 'bad_path');
  });

  it('writes atomically: a failed stream leaves neither the file nor a temporary behind', async () => {
    const adapter = createStorageAdapter({ kind: 'local', root });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('upstream broke'));
      },
    });
    await expect(adapter.write('uploads/broken.bin', failing)).rejects.toThrow('upstream broke');
    expect(await readdir(path.join(root, 'uploads'))).toEqual([]);
    expect(await adapter.stat('uploads/broken.bin')).toBeNull();
  });

  it('guesses the content type from the extension', async () => {
    const adapter = createStorageAdapter({ kind: 'local', root });
    const read = await adapter.read('inbox/release.xml');
    expect(read.contentType).toBe('application/xml');
    read.stream.destroy();
  });
});

describe('adapter factory', () => {
  it('names an unknown kind and bad options', () => {
    expect(() => createStorageAdapter({ kind: 'ftp' } as never)).toThrow("Unknown storage kind 'ftp'; expected bunny_cdn, google_cloud, local or s3");
    expect(() => createStorageAdapter({ kind: 'local', root }, { maxConcurrentRequests: 0 })).toThrow('maxConcurrentRequests must be a whole number >= 1, got 0');
    expect(() => createStorageAdapter({ kind: 'local', root }, { timeoutMs: -5 })).toThrow('timeoutMs must be a positive number');
  });
});
