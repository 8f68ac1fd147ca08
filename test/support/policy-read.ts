import type { PolicyRead } from '../../main/settings/policy-source';
import { englishFor } from '../../shared/i18n/words';

/** Why a policy source could not read its policy, in English; undefined when it could. */
export function englishOf(read: PolicyRead): string | undefined {
  return read.kind === 'unreadable' ? englishFor(read.problem) : undefined;
}
