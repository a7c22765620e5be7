import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppDb } from '@/db/client';
import { artist, asset, ddexFile, release, releaseContributor, releaseResource, resource, sources } from '@/db/schema';
import { folderWriter, generateDemoDeliveries, type DemoManifest } from '@/features/demo';

export interface DemoFolder {
  folder: string;
  manifest: DemoManifest;
  remove(): void;
}

/** The demo deliveries written to a fresh temporary folder (real WAV audio and JPEG covers). */
export async function writeDemoFolder(): Promise<DemoFolder> {
  const folder = mkdtempSync(path.join(tmpdir(), 'media-demo-'));
  const manifest = await generateDemoDeliveries(folderWriter(folder));
  return { folder, manifest, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface SeededRelease {
  id: number;
  title: string;
  upc: string;
  artist: string;
  fileId: string;
  coverKey: string | null;
  audioKeys: string[];
  trackIds: number[];
}

/**
 * Catalogue rows for the first `count` demo releases, as an import would leave them: a ddex_file
 * per initial message (imported), the release with its main artist, one resource per WAV and one
 * for the cover with a primary 'cover' asset, all pointing at the real files of a `local` source.
 * Releases are created one minute apart, the first oldest.
 */
export async function seedDemoCatalogue(db: AppDb, demo: DemoFolder, opts: { count?: number; sourceName?: string } = {}): Promise<{ sourceId: string; releases: SeededRelease[] }> {
  const [source] = await db
    .insert(sources)
    .values({ name: opts.sourceName ?? 'Demo folder', storageType: 'local', storageZone: demo.folder })
    .returning({ id: sources.id });
  const initials = demo.manifest.messages.filter((m) => m.kind === 'initial' && !m.malformed && m.mediaFiles.some((f) => f.endsWith('.jpg')));
  const chosen = initials.slice(0, opts.count ?? initials.length);
  const seeded: SeededRelease[] = [];
  const base = Date.now() - chosen.length * 60_000;
  for (const [index, message] of chosen.entries()) {
    const info = demo.manifest.releases.find((r) => r.key === message.releaseKey)!;
    const [file] = await db
      .insert(ddexFile)
      .values({
        sourceId: source!.id,
        sourcePath: message.path,
        deliveryFolder: message.deliveryFolder,
        messageId: message.messageId,
        artistName: info.artist,
        releaseTitle: info.title,
        upc: info.upc,
        status: 'metadata_scanned',
        importedAt: new Date(),
        hasMedia: true,
      })
      .returning({ id: ddexFile.id });
    const mainName = info.mainArtists[0] ?? info.artist;
    const [main] = await db
      .insert(artist)
      .values({ name: mainName, status: 'approved', isMainArtist: true })
      .onConflictDoUpdate({ target: artist.name, set: { isMainArtist: true } })
      .returning({ id: artist.id });
    const createdAt = new Date(base + index * 60_000);
    const [rel] = await db
      .insert(release)
      .values({
        title: info.title,
        type: info.releaseType,
        displayArtist: info.artist,
        upc: info.upc,
        originalReleaseDate: info.releaseDate.slice(0, 10),
        ddexFileId: file!.id,
        createdAt,
      })
      .returning({ id: release.id });
    await db.insert(releaseContributor).values({ releaseId: rel!.id, artistId: main!.id, role: 'MainArtist', creditedName: mainName, sequence: 1 });
    const audioKeys = message.mediaFiles.filter((f) => f.endsWith('.wav'));
    const coverKey = message.mediaFiles.find((f) => f.endsWith('.jpg')) ?? null;
    const trackIds: number[] = [];
    for (const [trackIndex, key] of audioKeys.entries()) {
      const [track] = await db
        .insert(resource)
        .values({ ddexFileId: file!.id, title: `${info.title} ${trackIndex + 1}`, mediaType: 'audio', displayArtist: info.artist, isrc: info.isrcs[trackIndex] ?? null, durationMs: 3000, createdAt })
        .returning({ id: resource.id });
      trackIds.push(track!.id);
      await db.insert(releaseResource).values({ releaseId: rel!.id, resourceId: track!.id, trackNumber: trackIndex + 1, discNumber: 1 });
      await db.insert(asset).values({ resourceId: track!.id, kind: 'master', bucket: demo.folder, key, mimeType: 'audio/wav', isPrimary: true, ddexFileId: file!.id });
    }
    if (coverKey) {
      const [image] = await db.insert(resource).values({ ddexFileId: file!.id, title: 'Front cover', mediaType: 'image', createdAt }).returning({ id: resource.id });
      await db.insert(releaseResource).values({ releaseId: rel!.id, resourceId: image!.id });
      await db.insert(asset).values({ resourceId: image!.id, kind: 'cover', bucket: demo.folder, key: coverKey, mimeType: 'image/jpeg', isPrimary: true, ddexFileId: file!.id });
    }
    seeded.push({ id: rel!.id, title: info.title, upc: info.upc, artist: mainName, fileId: file!.id, coverKey, audioKeys, trackIds });
  }
  return { sourceId: source!.id, releases: seeded };
}
