/** What a JPEG's head tells about where its image data starts and its size. */
export type JpegLayout =
  | {
      readonly kind: 'found';
      readonly scanStart: number;
      readonly width: number | undefined;
      readonly height: number | undefined;
    }
  /** The bytes end inside the metadata segments, before any image data: read more. */
  | { readonly kind: 'ended' }
  /** The segments cannot be followed (not a plain JPEG structure); nothing can be said. */
  | { readonly kind: 'unknown' };

/** Start-of-frame markers carry the image size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks a JPEG's marker segments from the start of the file, skipping APP segments whole (so an
 * embedded EXIF thumbnail is never mistaken for the image), to the first start-of-scan marker,
 * noting the frame size on the way.
 */
export function jpegLayout(head: Buffer): JpegLayout {
  if (head[0] !== 0xff || head[1] !== 0xd8) return { kind: 'unknown' };
  let offset = 2;
  let width: number | undefined;
  let height: number | undefined;
  while (offset < head.length) {
    if (offset + 4 > head.length) return { kind: 'ended' };
    if (head[offset] !== 0xff) return { kind: 'unknown' };
    const marker = head[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda) return { kind: 'found', scanStart: offset, width, height };
    // Markers without a length: TEM and RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = head.readUInt16BE(offset + 2);
    if (length < 2) return { kind: 'unknown' };
    if (isStartOfFrame(marker) && offset + 9 <= head.length) {
      height = head.readUInt16BE(offset + 5);
      width = head.readUInt16BE(offset + 7);
    }
    offset += 2 + length;
  }
  return { kind: 'ended' };
}

/** A PNG's size from its IHDR chunk, which always comes first. */
export function pngSize(head: Buffer): { width: number; height: number } | undefined {
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}
