import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Cover sizes for lists: the dashboard strip and table thumbnails (thumb), cards (small). */
export const COVER_VARIANTS = { thumb: 160, small: 400 } as const;
export type CoverVariant = keyof typeof COVER_VARIANTS;
export const COVER_VARIANT_NAMES = Object.keys(COVER_VARIANTS) as CoverVariant[];

export type VariantFormat = 'webp' | 'jpeg';

export function isCoverVariant(value: string): value is CoverVariant {
  return Object.hasOwn(COVER_VARIANTS, value);
}

/** WebP when the browser says it takes it (every current one does), JPEG otherwise. */
export function variantFormatFor(accept: string | null | undefined): VariantFormat {
  return accept && /image\/webp/i.test(accept) ? 'webp' : 'jpeg';
}

export class VariantError extends Error {}

/**
 * Resized covers, generated once and kept on disk under DATA_DIR/cache/covers. Disk rather than a
 * table: they are derived bytes that can be thrown away at any time, and keeping blobs out of
 * PostgreSQL keeps backups and the WAL small. The cache key includes the original's version
 * (checksum, size and date from the storage), so a redelivered cover gets a new variant. Each
 * machine fills its own cache; the cost is one resize per cover per machine.
 */
export class CoverVariantCache {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** How many variants this process has rendered (the tests check the cache by it). */
  rendered = 0;

  constructor(readonly folder: string) {}

  cacheKey(parts: { sourceId: string; key: string; version: string; variant: CoverVariant; format: VariantFormat }): string {
    return createHash('sha256')
      .update([parts.sourceId, parts.key, parts.version, parts.variant, parts.format].join('\u0000'))
      .digest('hex');
  }

  private fileOf(cacheKey: string, format: VariantFormat): string {
    return path.join(this.folder, cacheKey.slice(0, 2), `${cacheKey}.${format === 'webp' ? 'webp' : 'jpg'}`);
  }

  /** The cached variant, or renders it from `loadOriginal` (once, even under concurrent requests). */
  async get(cacheKey: string, variant: CoverVariant, format: VariantFormat, loadOriginal: () => Promise<Buffer>): Promise<Buffer> {
    const file = this.fileOf(cacheKey, format);
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;
    const pending = this.inFlight.get(cacheKey);
    if (pending) return pending;
    const work = this.render(file, variant, format, loadOriginal).finally(() => this.inFlight.delete(cacheKey));
    this.inFlight.set(cacheKey, work);
    return work;
  }

  private async render(file: string, variant: CoverVariant, format: VariantFormat, loadOriginal: () => Promise<Buffer>): Promise<Buffer> {
    const original = await loadOriginal();
    const size = COVER_VARIANTS[variant];
    let output: Buffer;
    try {
      const pipeline = sharp(original, { failOn: 'error' }).rotate().resize(size, size, { fit: 'cover', withoutEnlargement: false });
      output = await (format === 'webp' ? pipeline.webp({ quality: 80 }) : pipeline.jpeg({ quality: 82, mozjpeg: true })).toBuffer();
    } catch (error) {
      throw new VariantError(`The image cannot be resized: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.rendered += 1;
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a concurrent reader never sees half a file.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, output);
    await rename(temporary, file);
    return output;
  }
}

const caches = new Map<string, CoverVariantCache>();

/** One cache per data folder and process, so concurrent requests share in-flight renders. */
export function coverVariantCache(dataDir: string): CoverVariantCache {
  const folder = path.join(dataDir, 'cache', 'covers');
  let cache = caches.get(folder);
  if (!cache) {
    cache = new CoverVariantCache(folder);
    caches.set(folder, cache);
  }
  return cache;
}
