import type { Words } from '../../shared/i18n/translator';
import { issueDetail } from '../../shared/i18n/issue-words';
import { englishFor, innerWords, shortened, words } from '../../shared/i18n/words';
import type { PolicyState } from './managed-settings';
import type { PolicyRead } from './policy-source';
import { isPolicySetting, USER_ONLY_SETTINGS } from './policy-settings';
import { settingsSchema } from './settings-store';

const userOnly: ReadonlySet<string> = new Set(USER_ONLY_SETTINGS);

/** An invalid policy, with the sentence of what is wrong with it (words, and their English). */
function invalid(origin: string, said: Words): PolicyState {
  return { kind: 'invalid', origin, problem: englishFor(said), words: said };
}

/** Whether `value` is a plain JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The policy `read` from `origin`, checked like the settings store checks its file (the same
 * schema: clear-text http to another computer refused, ranges, schedules), but strictly: a key that
 * is no setting, a setting each person keeps for themself, or one bad value makes the whole
 * policy invalid, with a sentence naming the key. A policy is never half-applied.
 */
export function parsePolicy(read: PolicyRead, origin: string): PolicyState {
  if (read.kind === 'none') return { kind: 'none' };
  // Why a source could not read it is its own message, said inside the policy's problem.
  if (read.kind === 'unreadable')
    return invalid(origin, words('error.policy.unreadable', { detail: read.problem }));
  if (!isObject(read.values)) return invalid(origin, words('error.policy.notObject'));
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(read.values)) {
    if (userOnly.has(name)) return invalid(origin, words('error.policy.perUser', { name }));
    if (!isPolicySetting(name))
      return invalid(origin, words('error.policy.unknownSetting', { name: shortened(name) }));
    const parsed = settingsSchema.shape[name].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      // The rule broken, in the check's words where it gives them (an insecure address), else the
      // kind of problem zod found (too long, not one of the choices), said in any language.
      return invalid(
        origin,
        words('error.policy.badValue', {
          setting: shortened(`${name}${where}`),
          detail:
            issue === undefined
              ? innerWords('reason.policy.valueProblem', { problem: 'other' })
              : issueDetail(issue),
        }),
      );
    }
    if (parsed.data !== undefined) values[name] = parsed.data;
  }
  return { kind: 'applied', origin, values };
}
