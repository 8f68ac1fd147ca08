import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** Writes tags into `file` with ExifTool (`-TAG=VALUE` arguments), in place. */
export async function writeTags(file: string, tags: Record<string, string>): Promise<void> {
  const args = Object.entries(tags).map(([tag, value]) => `-${tag}=${value}`);
  try {
    await run('exiftool', ['-overwrite_original', '-q', '-m', ...args, file]);
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ENOENT';
    throw new Error(
      missing
        ? 'ExifTool is not installed (apt-get install libimage-exiftool-perl)'
        : String(error),
    );
  }
}

/** A small, valid JPEG with no metadata at all, unique per `seed` (so MD5s differ). */
export async function plainJpeg(file: string, seed = 0): Promise<void> {
  await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 120 },
    },
  })
    .jpeg({ quality: 90 })
    .toFile(file);
}
