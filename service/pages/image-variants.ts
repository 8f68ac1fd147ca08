import sharp from 'sharp';
import type { StoredPhoto } from '../store/photo-store';

/** The renditions the service serves for each processed photo. */
export type Variant = 'original' | 'web' | 'thumbnail';

const VARIANTS: readonly Variant[] = ['original', 'web', 'thumbnail'];

/** Whether a path segment names one of the renditions. */
export function isVariant(value: string): value is Variant {
  return (VARIANTS as readonly string[]).includes(value);
}

const LONGEST_EDGE: Record<Exclude<Variant, 'original'>, number> = { web: 1600, thumbnail: 320 };

export type Rendition = { readonly bytes: Buffer; readonly mediaType: string };

/**
 * Makes and caches the `web` and `thumbnail` renditions (JPEG, EXIF orientation applied). Where
 * the image library cannot decode the original (HEIC, for one), the original is served instead.
 */
export class ImageVariants {
  readonly #cache = new WeakMap<Buffer, Map<Variant, Promise<Rendition>>>();

  rendition(photo: StoredPhoto, variant: Variant): Promise<Rendition> | undefined {
    const { bytes, mediaType } = photo;
    if (bytes === null || mediaType === null) return undefined;
    const original: Rendition = { bytes, mediaType };
    if (variant === 'original') return Promise.resolve(original);
    const byVariant = this.#cache.get(bytes) ?? new Map<Variant, Promise<Rendition>>();
    this.#cache.set(bytes, byVariant);
    let made = byVariant.get(variant);
    if (made === undefined) {
      const edge = LONGEST_EDGE[variant];
      made = sharp(bytes)
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer()
        .then((resized) => ({ bytes: resized, mediaType: 'image/jpeg' }))
        .catch(() => original);
      byVariant.set(variant, made);
    }
    return made;
  }
}
