/** Where a JPEG's main image data starts, as far as its head tells. */
export type ScanStart =
  | { readonly kind: 'found'; readonly offset: number }
  /** The bytes end inside the metadata segments, before any image data. */
  | { readonly kind: 'ended' }
  /** The segments cannot be followed (not a plain JPEG structure); nothing can be said. */
  | { readonly kind: 'unknown' };

/**
 * Walks a JPEG's marker segments from the start of the file, skipping APP segments whole (so an
 * embedded EXIF thumbnail is never mistaken for the image), to the first start-of-scan marker.
 */
export function jpegScanStart(head: Buffer): ScanStart {
  if (head[0] !== 0xff || head[1] !== 0xd8) return { kind: 'unknown' };
  let offset = 2;
  while (offset < head.length) {
    if (offset + 4 > head.length) return { kind: 'ended' };
    if (head[offset] !== 0xff) return { kind: 'unknown' };
    const marker = head[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { kind: 'found', offset };
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    if (length < 2) return { kind: 'unknown' };
    offset += 2 + length;
  }
  return { kind: 'ended' };
}
