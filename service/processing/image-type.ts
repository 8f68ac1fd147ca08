import { fileTypeFromBuffer } from 'file-type';

/** Media types the service stores, recognised by their magic bytes (service facts, issue 2). */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'image/tiff',
  'image/webp',
]);

export type SniffResult =
  | { readonly ok: true; readonly mediaType: string }
  | { readonly ok: false; readonly reason: string };

/** Decides from the bytes alone whether they are a JPEG, PNG, HEIC/HEIF, TIFF or WebP image. */
export async function sniffImage(bytes: Uint8Array): Promise<SniffResult> {
  if (bytes.length === 0) return { ok: false, reason: 'The downloaded file is empty' };
  const type = await fileTypeFromBuffer(bytes);
  if (type && ACCEPTED.has(type.mime)) return { ok: true, mediaType: type.mime };
  const found = type ? `${type.mime}` : 'not an image';
  return {
    ok: false,
    reason: `Unsupported file (${found}): only JPEG, PNG, HEIC/HEIF, TIFF and WebP images are accepted`,
  };
}
