import type { PolicyState } from './managed-settings';
import type { PolicyRead } from './policy-source';
import { isPolicySetting, USER_ONLY_SETTINGS } from './policy-settings';
import { settingsSchema } from './settings-store';

const userOnly: ReadonlySet<string> = new Set(USER_ONLY_SETTINGS);

/** The sentence of an invalid policy, around what is wrong with it. */
function invalid(origin: string, problem: string): PolicyState {
  return {
    kind: 'invalid',
    origin,
    problem: `Your organisation's policy is not valid, so none of it is used: ${problem}. Ask your IT department to correct it.`,
  };
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
  if (read.kind === 'unreadable') return invalid(origin, read.problem);
  if (!isObject(read.values)) return invalid(origin, 'it is not a JSON object of settings by name');
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(read.values)) {
    if (userOnly.has(name))
      return invalid(origin, `it sets ${name}, which each person keeps for themself`);
    if (!isPolicySetting(name)) return invalid(origin, `"${name}" is not a setting`);
    const parsed = settingsSchema.shape[name].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      return invalid(origin, `${name}${where}: ${issue?.message ?? 'not a valid value'}`);
    }
    if (parsed.data !== undefined) values[name] = parsed.data;
  }
  return { kind: 'applied', origin, values };
}
