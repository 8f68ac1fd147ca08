import type { Words } from '../../../shared/i18n/translator';
import { useT, useWords } from '../../i18n/use-t';

/**
 * The organisation's policy failed its checks and was ignored as a whole: said once, at the top
 * of Settings, in main's words (what is wrong and whom to ask, `parsePolicy`), with one line of
 * what it means for this screen.
 */
export function PolicyProblem({ problem }: { readonly problem: Words | undefined }) {
  const t = useT();
  const said = useWords();
  if (problem === undefined) return null;
  return (
    <p className="banner" role="alert">
      {t('settings.policy.problem', { problem: said(problem) })}
    </p>
  );
}
