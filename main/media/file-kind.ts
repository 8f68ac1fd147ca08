import { fileTypeFromBuffer } from 'file-type';
import type { PhotoFormat } from '../../shared/domain/intake';

/** Bytes read from the start of a file to recognise its type. */
export const HEADER_BYTES = 4100;

const FORMATS: Readonly<Record<string, PhotoFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
};

/** What `found` says of bytes no file type is known for. */
export const UNKNOWN_CONTENT = 'unknown content';

export type Recognised =
  | { readonly ok: true; readonly format: PhotoFormat }
  | { readonly ok: false; readonly found: string };

/** Recognises a photo by its magic bytes (never by its name). */
export async function recognise(header: Uint8Array): Promise<Recognised> {
  // Nearly every photo is a JPEG: file-type's own test for one (FF D8 FF, not followed by F7,
  // JPEG-LS), without its general detection (a tokenizer and a chain of promises per file).
  if (header[0] === 0xff && header[1] === 0xd8 && header[2] === 0xff && header[3] !== 0xf7)
    return { ok: true, format: 'jpeg' };
  const type = await fileTypeFromBuffer(header);
  const format = type ? FORMATS[type.mime] : undefined;
  if (format) return { ok: true, format };
  return { ok: false, found: type ? type.mime : UNKNOWN_CONTENT };
}
