/**
 * What is wrong at this step, beside it: main's or the check's own words, then what to do about
 * it. An alert, so a screen reader says it at once.
 */
export function StepProblem({
  message,
  fix,
}: {
  readonly message: string | undefined;
  readonly fix: string;
}) {
  if (message === undefined) return null;
  return (
    <div className="step-problem" role="alert">
      <p>{message}</p>
      <p>{fix}</p>
    </div>
  );
}
