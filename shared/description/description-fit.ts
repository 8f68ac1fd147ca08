import { MAX_DESCRIPTION_LENGTH, sanitizeDescription } from './description-policy';

/** What every front end says when a description is longer than the service stores. */
export const DESCRIPTION_TOO_LONG = `The description is too long: at most ${MAX_DESCRIPTION_LENGTH} characters are allowed.`;

/**
 * The description as it will be sent: the service's allowed HTML only, within its length. The
 * one check of a description's length, made wherever a description comes in (IPC handlers,
 * watch rules, the command line); each caller says how it refuses one, through `refuse`.
 * @throws what `refuse` makes of `DESCRIPTION_TOO_LONG` when the clean description is too long.
 */
export function fittedDescription(raw: string, refuse: (message: string) => Error): string {
  const clean = sanitizeDescription(raw);
  if (clean.length > MAX_DESCRIPTION_LENGTH) throw refuse(DESCRIPTION_TOO_LONG);
  return clean;
}
