/**
 * The organisation's policy failed its checks and was ignored as a whole: said once, at the top
 * of Settings, in main's words (what is wrong and whom to ask, `parsePolicy`), with one line of
 * what it means for this screen.
 */
export function PolicyProblem({ problem }: { readonly problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p className="banner" role="alert">
      {problem} Until it is corrected, the settings below are your own.
    </p>
  );
}
