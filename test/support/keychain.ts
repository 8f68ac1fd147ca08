import keytar from 'keytar';

/**
 * Fails with a clear message when no Secret Service is reachable. `npm test` starts one (a private
 * D-Bus session with gnome-keyring); running vitest directly does not.
 */
export async function requireKeychain(): Promise<void> {
  try {
    await keytar.findCredentials('Photo Uploader keychain probe');
  } catch (error) {
    throw new Error(
      `No Secret Service for the keychain tests (${error instanceof Error ? error.message : String(error)}). Run them with "npm test", which starts gnome-keyring in a private D-Bus session.`,
    );
  }
}
