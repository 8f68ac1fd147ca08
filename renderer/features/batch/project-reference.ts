/**
 * A project id from what the user pasted: a bare id, or a link to the project on the service
 * (`…/projects/<id>` anywhere in the path). Undefined when it looks like a search instead.
 */
export function projectIdFromReference(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (URL.canParse(trimmed)) {
    const match = /\/projects\/([^/?#]+)/.exec(new URL(trimmed).pathname);
    return match?.[1] ? decodeURIComponent(match[1]) : undefined;
  }
  // Ids have no spaces and contain a digit (numbers, UUIDs); words are a search.
  return /^[A-Za-z0-9_-]{1,200}$/.test(trimmed) && /\d/.test(trimmed) ? trimmed : undefined;
}
