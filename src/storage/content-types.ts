import path from 'node:path';

/**
 * Content types of the files partners deliver, by extension: what the local adapter reports, what
 * fetch-asset serves when a store says only application/octet-stream, and what an imported asset
 * records. One table, so the three never disagree.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.aif': 'audio/aiff',
  '.aiff': 'audio/aiff',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.webm': 'video/webm',
};

/** The content type of a file or object key by its extension; null when it has none we know. */
export function contentTypeFromName(name: string): string | null {
  return CONTENT_TYPES[path.posix.extname(name).toLowerCase()] ?? null;
}
