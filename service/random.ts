import { randomBytes } from 'node:crypto';

/** An unguessable opaque value (codes, tokens, transaction ids): 32 random bytes, base64url. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
