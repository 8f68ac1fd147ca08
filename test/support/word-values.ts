/** A value of words that must be text (a path, a code, a server's description), checked. */
export function textOf(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`not text: ${JSON.stringify(value)}`);
  return value;
}
