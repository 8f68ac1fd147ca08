/**
 * Photos already uploaded, by MD5: the upload queue answers this once it exists. Intake asks so
 * that a photo dropped again is flagged before it is sent twice.
 */
export interface KnownPhotos {
  /** For each MD5 that was uploaded before, the photo id on the service (undefined if not known). */
  uploaded(md5s: readonly string[]): Promise<ReadonlyMap<string, string | undefined>>;
}

/** No history (the command line's `inspect`, tests). */
export const noKnownPhotos: KnownPhotos = { uploaded: () => Promise.resolve(new Map()) };
