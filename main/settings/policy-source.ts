import type { InnerWords } from '../../shared/i18n/translator';
import { resolve } from 'node:path';
import { APP_ID } from '../../shared/domain/app-identity';

/**
 * Points the organisation's policy at a JSON file instead of the system's place, for tests and
 * unpackaged runs only: a packaged app ignores it (see `policySourceFor` and `TEST_ONLY_ENV`).
 */
export const POLICY_FILE_ENV = 'PHOTO_UPLOADER_POLICY_FILE';

/** Where Linux (and any other Unix) keeps the organisation's policy. */
export const LINUX_POLICY_FILE = '/etc/photo-uploader/policy.json';

/** The registry key Group Policy writes the policy under, in HKLM and (lower priority) HKCU. */
export const POLICY_REGISTRY_KEY = 'Software\\Policies\\PhotoUploader';

/** What one reading of the policy found, before its values are checked. */
export type PolicyRead =
  | { readonly kind: 'none' }
  /** The policy's settings as read: a file's JSON, or the registry's values converted. */
  | { readonly kind: 'values'; readonly values: unknown }
  /**
   * There is a policy, but it cannot be read (not JSON, a value of the wrong type, no access):
   * why, in words (`reason.policy.*`) said inside the policy's problem.
   */
  | { readonly kind: 'unreadable'; readonly problem: InnerWords };

/** Where the organisation's policy is read: one port, a thin adapter for each system. */
export interface PolicySource {
  /** Where it is read, for messages: a file path, a registry key, a preferences domain. */
  readonly origin: string;
  /** Reads the policy as it is now. Never rejects: a failure is `unreadable`. */
  read(): Promise<PolicyRead>;
  /**
   * Calls `changed` when the policy may have changed (it is read again then); returns the
   * function that stops watching. Best effort: the reader also re-reads every few minutes.
   */
  watch(changed: () => void): () => void;
}

/** Which reader serves a system. */
export type PolicySourceChoice =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'registry'; readonly key: string }
  | { readonly kind: 'managed-preferences'; readonly domain: string };

/**
 * Where the policy is read on this system: `PHOTO_UPLOADER_POLICY_FILE` for a test or an
 * unpackaged run; else the registry on Windows, the app id's managed preferences on macOS, and
 * `/etc/photo-uploader/policy.json` elsewhere. A packaged app never takes the variable, so
 * nothing in a user's environment can replace the organisation's policy.
 */
export function policySourceFor(place: {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly packaged: boolean;
}): PolicySourceChoice {
  const file = place.env[POLICY_FILE_ENV];
  if (!place.packaged && file !== undefined && file !== '')
    return { kind: 'file', path: resolve(file) };
  if (place.platform === 'win32') return { kind: 'registry', key: POLICY_REGISTRY_KEY };
  if (place.platform === 'darwin') return { kind: 'managed-preferences', domain: APP_ID };
  return { kind: 'file', path: LINUX_POLICY_FILE };
}
