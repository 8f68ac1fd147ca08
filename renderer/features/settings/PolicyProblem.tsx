/**
 * The organisation's policy failed its checks and was ignored as a whole: said once, at the top
 * of Settings, with why, so the user can tell whoever looks after the computer.
 */
export function PolicyProblem({ problem }: { readonly problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <p className="banner" role="alert">
      Your organisation’s policy was ignored, so none of it applies and these settings are your own:{' '}
      {problem} Tell whoever looks after this computer.
    </p>
  );
}
