// heic-decode ships no types; this is the part of its API the app uses.
declare module 'heic-decode' {
  /** Decoded RGBA pixels of the primary image, transformations (rotation, mirror) applied. */
  export type DecodedImage = {
    readonly width: number;
    readonly height: number;
    readonly data: Uint8ClampedArray;
  };
  export default function decode(input: { readonly buffer: Uint8Array }): Promise<DecodedImage>;
}
