/** Opens the authorization URL in the user's system browser (never in an app window: RFC 8252). */
export interface Browser {
  /** @throws Error when no browser could be started. */
  open(url: string): Promise<void>;
}
