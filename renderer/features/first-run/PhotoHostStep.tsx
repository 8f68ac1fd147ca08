import { type FormEvent, useState } from 'react';
import { sayHostTest } from '../../../shared/domain/host-test';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { ChoiceGroup } from '../settings/ChoiceGroup';
import { hostNeedingOwnKeys } from '../settings/organisation-host-keys';
import { S3KeyFields } from '../settings/S3CredentialsFields';
import { stepTitles } from './first-run-steps';
import { OrganisationValue } from './OrganisationValue';
import { organisationHostKeys, type PhotoHostKind, photoHostChange } from './photo-host-change';
import { PhotoHostFields } from './PhotoHostFields';
import { StepHeading } from './StepHeading';
import { StepProblem } from './StepProblem';

type Progress =
  | { readonly kind: 'editing' }
  | { readonly kind: 'testing' }
  | { readonly kind: 'works'; readonly message: string };

/**
 * Step 3, Where photos go: the photo host, saved, then tried with the round-trip test (a test
 * image put there and fetched back from the address the service would use). The step ends once
 * the test passes. When the organisation sets the host, it is shown as text and only the user's
 * keys for it are asked for.
 */
export function PhotoHostStep({
  settings,
  onSaved,
  onDone,
}: {
  readonly settings: SettingsView;
  readonly onSaved: (saved: SettingsView) => void;
  readonly onDone: () => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const [kind, setKind] = useState<PhotoHostKind>('s3');
  const [problem, setProblem] = useState<{ message: string; fix: string }>();
  const [progress, setProgress] = useState<Progress>({ kind: 'editing' });
  const organisationHost = hostNeedingOwnKeys(settings);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const checked =
      organisationHost === undefined
        ? photoHostChange(kind, typed, (name) => form.get(name) === 'on')
        : organisationHostKeys(organisationHost, typed);
    if (!checked.ok)
      return setProblem({
        message: words(checked.problem),
        fix: t('firstRun.photos.problemFix.missing'),
      });
    setProblem(undefined);
    setProgress({ kind: 'testing' });
    call(bridge, 'settings:set', { photoHost: checked.host })
      .then(async (saved) => {
        onSaved(saved);
        const result = await call(bridge, 'settings:test-photo-host', {});
        if (result.ok) return setProgress({ kind: 'works', message: sayHostTest(result, t) });
        setProgress({ kind: 'editing' });
        setProblem({
          message: sayHostTest(result, t),
          fix: t('firstRun.photos.problemFix.testFailed'),
        });
      })
      .catch((error: unknown) => {
        setProgress({ kind: 'editing' });
        setProblem({ message: sayError(error), fix: t('firstRun.photos.problemFix.saveFailed') });
      });
  };
  return (
    <section className="first-run-step" aria-labelledby="step-photos">
      <StepHeading id="step-photos">{t(stepTitles.photos)}</StepHeading>
      {organisationHost === undefined ? (
        <p>{t('firstRun.photos.intro', { productName: t('app.productName') })}</p>
      ) : (
        <p>{t('firstRun.photos.organisationIntro')}</p>
      )}
      <form className="settings" onSubmit={submit} aria-labelledby="step-photos">
        {organisationHost === undefined ? (
          <>
            <ChoiceGroup<PhotoHostKind>
              label={t('firstRun.photos.kind.label')}
              options={[
                { id: 's3', name: t('firstRun.photos.kind.s3') },
                { id: 'published', name: t('firstRun.photos.kind.published') },
              ]}
              value={kind}
              onChange={setKind}
            />
            <PhotoHostFields kind={kind} />
          </>
        ) : (
          <>
            <OrganisationValue
              label={t('firstRun.photos.organisationHost.label')}
              value={
                organisationHost.endpoint === undefined
                  ? t('firstRun.photos.organisationHost.s3', {
                      bucket: organisationHost.bucket,
                      region: organisationHost.region,
                    })
                  : t('firstRun.photos.organisationHost.s3WithEndpoint', {
                      bucket: organisationHost.bucket,
                      region: organisationHost.region,
                      endpoint: organisationHost.endpoint,
                    })
              }
            />
            <S3KeyFields hasKeys={false} />
          </>
        )}
        <StepProblem message={problem?.message} fix={problem?.fix ?? ''} />
        {progress.kind === 'testing' ? <p role="status">{t('firstRun.photos.testing')}</p> : null}
        {progress.kind === 'works' ? <p role="status">{progress.message}</p> : null}
        <div className="toolbar">
          <button
            type="submit"
            className={progress.kind === 'works' ? undefined : 'primary'}
            disabled={progress.kind === 'testing'}
          >
            {t('firstRun.photos.saveAndTest')}
          </button>
          {progress.kind === 'works' ? (
            <button type="button" className="primary" onClick={onDone}>
              {t('firstRun.continue')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
