import { type FormEvent, useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { hostNeedingOwnKeys } from '../settings/organisation-host-keys';
import { S3KeyFields } from '../settings/S3CredentialsFields';
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
      return setProblem({ message: checked.message, fix: 'Fill them in and press Save and test.' });
    setProblem(undefined);
    setProgress({ kind: 'testing' });
    call(bridge, 'settings:set', { photoHost: checked.host })
      .then(async (saved) => {
        onSaved(saved);
        const result = await call(bridge, 'settings:test-photo-host', {});
        if (result.ok) return setProgress({ kind: 'works', message: result.message });
        setProgress({ kind: 'editing' });
        setProblem({
          message: result.message,
          fix: 'Check the details with whoever runs your storage, correct them and test again.',
        });
      })
      .catch((error: Error) => {
        setProgress({ kind: 'editing' });
        setProblem({ message: error.message, fix: 'Correct the details and press Save again.' });
      });
  };
  return (
    <section className="first-run-step" aria-labelledby="step-photos">
      <StepHeading id="step-photos">Where photos go</StepHeading>
      {organisationHost === undefined ? (
        <p>
          The Photo Service fetches each photo from a place the uploader puts it. Whoever runs your
          storage (often IT) gives you these details. When you save them, Photo Uploader asks you to
          confirm where photos will go, then tests the place with a small test image.
        </p>
      ) : (
        <p>
          Your organisation chose where photos go; uploads wait for your keys to it. IT gives you
          the access key id and the secret access key. They are kept in this computer’s keychain,
          then the place is tested with a small test image.
        </p>
      )}
      <form className="settings" onSubmit={submit} aria-labelledby="step-photos">
        {organisationHost === undefined ? (
          <>
            <label>
              Kind of storage
              <select
                value={kind}
                onChange={(event) =>
                  setKind(event.target.value === 'published' ? 'published' : 's3')
                }
              >
                <option value="s3">S3-compatible bucket (AWS S3, R2, B2, Wasabi, MinIO)</option>
                <option value="published">a folder a web server publishes</option>
              </select>
            </label>
            <PhotoHostFields kind={kind} />
          </>
        ) : (
          <>
            <OrganisationValue
              label="Photo host"
              value={`S3 bucket ${organisationHost.bucket} (${organisationHost.region}${
                organisationHost.endpoint === undefined ? '' : `, ${organisationHost.endpoint}`
              })`}
            />
            <S3KeyFields hasKeys={false} />
          </>
        )}
        <StepProblem message={problem?.message} fix={problem?.fix ?? ''} />
        {progress.kind === 'testing' ? (
          <p role="status">Testing: putting a test image there and downloading it back…</p>
        ) : null}
        {progress.kind === 'works' ? <p role="status">{progress.message}</p> : null}
        <div className="toolbar">
          <button
            type="submit"
            className={progress.kind === 'works' ? undefined : 'primary'}
            disabled={progress.kind === 'testing'}
          >
            Save and test
          </button>
          {progress.kind === 'works' ? (
            <button type="button" className="primary" onClick={onDone}>
              Continue
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
