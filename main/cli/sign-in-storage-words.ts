import type { SignInStorage } from '../../shared/ipc/views';
import { signInTokenFilePath } from '../secrets/sign-in-token-file';

/** The flag that asks for the plain-text file, as the GitHub CLI names it. */
export const INSECURE_STORAGE_FLAG = '--insecure-storage';

/**
 * Where the sign-in is kept, in one sentence for `login` and `status`. `owner`: this command
 * holds the data folder (so memory means this command's own).
 */
export function signInKeptWords(kept: SignInStorage, dataDir: string, owner: boolean): string {
  switch (kept) {
    case 'keychain':
      return 'The sign-in is kept in the keychain.';
    case 'plain-text-file':
      return `The sign-in is kept in a plain-text file: ${signInTokenFilePath(dataDir)} (anyone who can read your files can read it; logout removes it).`;
    case 'memory':
      return owner
        ? `The sign-in is kept in memory only: it is forgotten when this command ends (with no keychain, login ${INSECURE_STORAGE_FLAG} keeps it in a plain-text file).`
        : 'The sign-in is kept in memory only: it is forgotten when the Photo Uploader process that owns the data folder ends.';
  }
}

/** The same for `status --json`: `sign_in_kept`, and the file's path when it is the file. */
export function signInKeptJson(
  kept: SignInStorage,
  dataDir: string,
): { sign_in_kept: SignInStorage; sign_in_file: string | null } {
  return {
    sign_in_kept: kept,
    sign_in_file: kept === 'plain-text-file' ? signInTokenFilePath(dataDir) : null,
  };
}
