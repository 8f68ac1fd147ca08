import { z } from 'zod';
import { TokenResponseError } from './auth-errors';

/** The tokens of a signed-in session. */
export type TokenSet = {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When the access token expires, ms since the epoch; undefined when the server did not say. */
  readonly expiresAt: number | undefined;
  /** When the token response arrived, ms since the epoch (with `expiresAt`: the token's lifetime). */
  readonly receivedAt?: number | undefined;
  readonly scope: string;
};

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
});

/**
 * Parses a token endpoint answer (RFC 6749 §5.1). `token_type` must be `bearer` in any case.
 * A refresh answer without `refresh_token` keeps the previous one (RFC 6749 §6); an exchange
 * answer without one is refused, since the session could not be kept.
 * @throws TokenResponseError when the answer is not a usable token response.
 */
export function parseTokenResponse(
  body: unknown,
  context: {
    readonly receivedAt: number;
    readonly requestedScope: string;
    readonly previousRefreshToken?: string;
  },
): TokenSet {
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw new TokenResponseError('The token response is malformed');
  const answer = parsed.data;
  if (answer.token_type.toLowerCase() !== 'bearer') {
    throw new TokenResponseError(`Unsupported token type "${answer.token_type}"`);
  }
  const refreshToken = answer.refresh_token ?? context.previousRefreshToken;
  if (refreshToken === undefined)
    throw new TokenResponseError('The token response has no refresh token');
  return {
    accessToken: answer.access_token,
    refreshToken,
    expiresAt:
      answer.expires_in === undefined ? undefined : context.receivedAt + answer.expires_in * 1000,
    receivedAt: context.receivedAt,
    scope: answer.scope ?? context.requestedScope,
  };
}

/** What the keychain holds for a session: its tokens, or the fact that it needs a new sign-in. */
export type StoredSession =
  { readonly kind: 'tokens'; readonly tokens: TokenSet } | { readonly kind: 'needs-sign-in' };

const storedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tokens'),
    tokens: z.object({
      accessToken: z.string().min(1),
      refreshToken: z.string().min(1),
      expiresAt: z.number().optional(),
      receivedAt: z.number().optional(),
      scope: z.string(),
    }),
  }),
  z.object({ kind: z.literal('needs-sign-in') }),
]);

/** The keychain form of a session (JSON; unknown times are left out). */
export function serializeSession(session: StoredSession): string {
  return JSON.stringify(session);
}

/** Parses the keychain entry; anything unreadable counts as no session. */
export function parseStoredSession(raw: string | undefined): StoredSession | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    if (parsed.data.kind === 'needs-sign-in') return parsed.data;
    const { tokens } = parsed.data;
    return {
      kind: 'tokens',
      tokens: { ...tokens, expiresAt: tokens.expiresAt, receivedAt: tokens.receivedAt },
    };
  } catch {
    return undefined;
  }
}
