import { OAuthError } from './oauth-error';

/** Coarse scopes of the spec and the granular ones the real server also knows. */
export const KNOWN_SCOPES = [
  'read',
  'write',
  'destroy',
  'projects:read',
  'photos:read',
  'photos:write',
] as const;

export type Scope = (typeof KNOWN_SCOPES)[number];

function isKnownScope(value: string): value is Scope {
  return (KNOWN_SCOPES as readonly string[]).includes(value);
}

/**
 * Parses a `scope` parameter: values separated by spaces, or by a literal plus sign where a client
 * encoded the separator twice. Duplicates collapse.
 * @throws OAuthError `invalid_request` when missing, `invalid_scope` for an unknown value.
 */
export function parseScope(raw: string | undefined): readonly Scope[] {
  const values = (raw ?? '').split(/[ +]+/).filter((value) => value.length > 0);
  if (values.length === 0) throw new OAuthError('invalid_request', 'scope is required');
  const unknown = values.filter((value) => !isKnownScope(value));
  if (unknown.length > 0) {
    throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  }
  return [...new Set(values.filter(isKnownScope))];
}

/** What an API route needs: any one of the listed scopes grants it. */
export type ScopeRequirement = readonly Scope[];

export const READ_PROJECTS: ScopeRequirement = ['read', 'projects:read'];
export const READ_PHOTOS: ScopeRequirement = ['read', 'photos:read'];
export const WRITE_PHOTOS: ScopeRequirement = ['write', 'photos:write'];

/** True when `granted` holds at least one scope of `required`. */
export function satisfies(granted: readonly Scope[], required: ScopeRequirement): boolean {
  return required.some((scope) => granted.includes(scope));
}
