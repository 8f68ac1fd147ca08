import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636): the verifier stays in main, the S256 challenge goes in the URL. */
export type PkcePair = { readonly verifier: string; readonly challenge: string };

/** A fresh verifier of 43 characters (32 random bytes) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A one-time `state` value: 32 random bytes, base64url. */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}
