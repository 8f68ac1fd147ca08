import { useT } from '../../i18n/use-t';
import { type FirstRunStep, stepTitles } from './first-run-steps';

/** The guide's steps as a numbered list; the current one is marked for assistive technology. */
export function StepIndicator({
  plan,
  current,
}: {
  readonly plan: readonly FirstRunStep[];
  readonly current: FirstRunStep;
}) {
  const t = useT();
  const at = plan.indexOf(current);
  return (
    <ol className="step-indicator" aria-label={t('firstRun.steps.label')}>
      {plan.map((step, index) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={index < at ? 'done' : undefined}
        >
          {t(stepTitles[step])}
          {index < at ? <span className="muted"> {t('firstRun.steps.done')}</span> : null}
        </li>
      ))}
    </ol>
  );
}
