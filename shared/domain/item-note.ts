// A note on a queue item that went well but not entirely as usual: kept by main as a code (a
// note stored yesterday reads in today's words), worded here for the report, the window and the
// command line alike.

/** The notes an item can carry. */
export const itemNotes = [
  /**
   * Uploaded without knowing whether the project already had it: the service's list of the
   * photos taken at the same second did not say their MD5 (`hash`), which its document does not
   * require, or still had not after the bounded wait for a photo it was processing.
   */
  'duplicate-check-unavailable',
] as const;

/** A note's code. */
export type ItemNote = (typeof itemNotes)[number];

/** A note in the words every front end shows. */
export function itemNoteWords(note: ItemNote): string {
  switch (note) {
    case 'duplicate-check-unavailable':
      return 'Whether the project already had this photo could not be checked: the Photo Service did not give the MD5 (hash) of its photos taken at the same second.';
  }
}
