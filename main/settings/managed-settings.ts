import type { Words } from '../../shared/i18n/translator';
import { isDeepStrictEqual } from 'node:util';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import {
  type Preset,
  presetsSchema,
  type SavedTemplate,
  savedTemplatesSchema,
} from '../../shared/domain/presets';

/**
 * The organisation's policy as last read: none, applied (its values win over the user's), or
 * invalid (it failed its checks, so it is ignored as a whole and reported once).
 */
export type PolicyState =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'applied';
      /** Where it was read, for messages: a file path, a registry key, a preferences domain. */
      readonly origin: string;
      /** The settings it sets, checked against the settings' own schema. */
      readonly values: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'invalid';
      readonly origin: string;
      /** Why it is ignored, in English (the logs, the command line). */
      readonly problem: string;
      /** The same, in words: the window says it in its language. */
      readonly words: Words;
    };

/**
 * The lists a policy adds to instead of replacing (issue 26 §1): its entries are offered beside
 * the user's own (read-only, winning on a name clash), so the user keeps and edits their own. A
 * policy that sets one does not make the setting managed as a whole.
 */
export const MERGED_LIST_SETTINGS = ['descriptionTemplates', 'presets'] as const;

const mergedLists: ReadonlySet<string> = new Set(MERGED_LIST_SETTINGS);

/** Whether `name` is a list a policy adds to (see `MERGED_LIST_SETTINGS`). */
export const isMergedList = (name: string): boolean => mergedLists.has(name);

/** The organisation's entries of the lists a policy adds to: none without a policy. */
export function policyListEntries(policy: PolicyState): {
  readonly descriptionTemplates: SavedTemplate[];
  readonly presets: Preset[];
} {
  const values = policy.kind === 'applied' ? policy.values : {};
  // Checked against the settings' schema when the policy was read; parsed again for the types.
  const templates = savedTemplatesSchema.safeParse(values.descriptionTemplates ?? []);
  const presets = presetsSchema.safeParse(values.presets ?? []);
  return {
    descriptionTemplates: templates.success ? templates.data : [],
    presets: presets.success ? presets.data : [],
  };
}

/** No policy: nothing is managed. */
export const NO_POLICY: PolicyState = { kind: 'none' };

/**
 * Refusal of a change to settings the organisation manages. The message is the sentence the
 * user reads (the window, the command line, the setup file's confirmation): nothing was changed.
 */
export class ManagedSettingError extends IpcFailure {
  constructor(readonly settings: readonly string[]) {
    // The settings' own names (`authUrl`, `photoHost`), as a policy file names them, listed as
    // the reader's language lists things.
    super(
      'failed',
      words('error.settings.managed', { settings: [...settings], count: settings.length }),
    );
  }
}

/**
 * The names of settings in `patch` that the policy manages and that the patch would change
 * (a value equal to the policy's is no change, so a form sent back whole is not refused).
 */
export function managedChanges(
  patch: Readonly<Record<string, unknown>>,
  policy: PolicyState,
): string[] {
  if (policy.kind !== 'applied') return [];
  return Object.entries(patch)
    .filter(
      ([name, value]) =>
        value !== undefined &&
        // The lists a policy adds to: the user's own part of them is theirs to change.
        !isMergedList(name) &&
        name in policy.values &&
        !isDeepStrictEqual(value, policy.values[name]),
    )
    .map(([name]) => name);
}
