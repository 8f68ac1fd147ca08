import { type FormEvent, useEffect, useState } from 'react';
import type { IpcCallInput } from '../../../shared/ipc/bridge';
import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
} from '../../../shared/domain/watch-rule';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { FarPhotoField } from './FarPhotoField';
import { farMetersFrom } from './far-threshold';
import { UploadPaceFields } from './UploadPaceFields';
import { uploadPaceFrom } from './upload-pace';
import { WatchFolders } from './WatchFolders';
import { CameraClocks } from './CameraClocks';
import { MapTileField } from './MapTileField';
import { QuitChoiceField } from './QuitChoiceField';

/** The zones to offer, with the current one even if the list lacks it (`UTC` often is). */
function withZone(zones: readonly string[], current: string): readonly string[] {
  return zones.includes(current) ? zones : [current, ...zones];
}

type PhotoHostInput = NonNullable<IpcCallInput<'settings:set'>['photoHost']>;

/** The photo host from the form; undefined leaves the saved one as it is. */
function photoHostFrom(
  kind: 's3' | 'published' | 'none',
  text: (name: string) => string | undefined,
): PhotoHostInput | undefined {
  if (kind === 'published') {
    const root = text('publishedRoot');
    const urlPrefix = text('publishedUrl');
    return root && urlPrefix ? { kind, root, urlPrefix } : undefined;
  }
  if (kind !== 's3') return undefined;
  const region = text('s3Region');
  const bucket = text('s3Bucket');
  if (!region || !bucket) return undefined;
  const endpoint = text('s3Endpoint');
  const accessKeyId = text('s3AccessKeyId');
  const secretAccessKey = text('s3SecretAccessKey');
  return {
    kind,
    region,
    bucket,
    prefix: text('s3Prefix') ?? '',
    pathStyle: text('s3PathStyle') === 'on',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
  };
}

/** Service addresses, client id and secret (write-only), redirect, concurrency and zone. */
export function SettingsScreen({
  onSaved,
}: {
  readonly onSaved: (settings: SettingsView) => void;
}) {
  const bridge = useBridge();
  const [settings, setSettings] = useState<SettingsView>();
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<string>();
  const [farProblem, setFarProblem] = useState<string>();
  const [tilesChanged, setTilesChanged] = useState(false);
  const [testingHost, setTestingHost] = useState(false);
  const [hostKind, setHostKind] = useState<'s3' | 'published' | 'none'>('none');
  useEffect(() => {
    call(bridge, 'settings:get', {})
      .then((loaded) => {
        setSettings(loaded);
        setHostKind(loaded.photoHost?.kind ?? 'none');
      })
      .catch((error: Error) => setMessage(error.message));
  }, [bridge]);
  if (settings === undefined) return <p className="muted">Loading settings…</p>;
  const s3 = settings.photoHost?.kind === 's3' ? settings.photoHost : undefined;
  const published = settings.photoHost?.kind === 'published' ? settings.photoHost : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    };
    const far = farMetersFrom(text('farMeters') ?? '');
    setFarProblem(far.ok ? undefined : far.message);
    const pace = uploadPaceFrom(text('maxUploadRate') ?? '', text('uploadHours') ?? '');
    if (!pace.ok) return setMessage(pace.message);
    if (!far.ok) return setMessage('Nothing was saved: the far-photo distance needs fixing.');
    call(bridge, 'settings:set', {
      authUrl: text('authUrl'),
      baseUrl: text('baseUrl'),
      clientId: text('clientId'),
      clientSecret: secret === '' ? undefined : secret,
      redirect: text('redirect') === 'loopback' ? 'loopback' : 'custom-scheme',
      concurrency: Number(text('concurrency') ?? settings.concurrency),
      assumedZone: text('assumedZone'),
      keepOriginals: form.get('keepOriginals') === 'on',
      watchSettleSeconds: Number(text('watchSettleSeconds') ?? settings.watchSettleSeconds),
      farMeters: far.meters,
      photoHost: photoHostFrom(hostKind, text),
      ...pace.change,
      pauseOnBattery: form.get('pauseOnBattery') === 'on',
      mapTileUrl: text('mapTileUrl'),
    })
      .then((saved) => {
        if (saved.mapTileUrl !== settings.mapTileUrl) setTilesChanged(true);
        setSettings(saved);
        setSecret('');
        setMessage('Saved.');
        onSaved(saved);
      })
      .catch((error: Error) => setMessage(error.message));
  };
  const testHost = () => {
    // The round trip takes a few seconds: say so, and do not start a second one meanwhile.
    setTestingHost(true);
    setMessage('Testing the photo host: putting a test image there and downloading it back…');
    call(bridge, 'settings:test-photo-host', {})
      .then((result) => setMessage(result.message))
      .catch((error: Error) => setMessage(error.message))
      .finally(() => setTestingHost(false));
  };
  return (
    <form className="settings" onSubmit={submit} aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <label>
        Sign-in server address
        <input name="authUrl" type="url" defaultValue={settings.authUrl ?? ''} />
      </label>
      <label>
        API address
        <input name="baseUrl" type="url" defaultValue={settings.baseUrl ?? ''} />
      </label>
      <label>
        Client id
        <input name="clientId" defaultValue={settings.clientId ?? ''} />
      </label>
      <label>
        Client secret{' '}
        {settings.hasClientSecret
          ? '(stored in the keychain; type to replace)'
          : '(only if your registration has one)'}
        <input
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      </label>
      {settings.redirectNote === undefined ? (
        <label>
          Sign-in returns through
          <select name="redirect" defaultValue={settings.redirect}>
            <option value="custom-scheme">the app’s own link (recommended)</option>
            <option value="loopback">a local address (127.0.0.1)</option>
          </select>
        </label>
      ) : (
        // This install cannot use its own link: say why instead of offering it.
        <p className="muted" role="note">
          Sign-in returns through a local address (127.0.0.1). {settings.redirectNote}
          <input type="hidden" name="redirect" value="loopback" />
        </p>
      )}
      <label>
        Uploads at once
        <input
          name="concurrency"
          type="number"
          min={1}
          max={16}
          defaultValue={settings.concurrency}
        />
      </label>
      <label>
        Default time zone for photos without one
        <select name="assumedZone" defaultValue={settings.assumedZone}>
          {withZone(Intl.supportedValuesOf('timeZone'), settings.assumedZone).map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
      </label>
      <label>
        <input name="keepOriginals" type="checkbox" defaultChecked={settings.keepOriginals} /> Send
        HEIC and TIFF photos unchanged (otherwise they are sent as JPEG, which every browser shows)
      </label>
      <label>
        Settle time (seconds)
        <input
          name="watchSettleSeconds"
          type="number"
          min={MIN_WATCH_SETTLE_SECONDS}
          max={MAX_WATCH_SETTLE_SECONDS}
          step={1}
          defaultValue={settings.watchSettleSeconds}
          aria-describedby="watch-settle-help"
        />
      </label>
      <p id="watch-settle-help" className="muted">
        A photo in a watched folder is taken in once its size and time have not changed for this
        long ({MIN_WATCH_SETTLE_SECONDS} to {MAX_WATCH_SETTLE_SECONDS} seconds).
      </p>
      <FarPhotoField savedMeters={settings.farMeters} problem={farProblem} />
      <fieldset>
        <legend>Photo host: where photos are put for the service to fetch</legend>
        <label>
          Kind
          <select
            value={hostKind}
            onChange={(event) => setHostKind(event.target.value as typeof hostKind)}
          >
            <option value="none">not set up</option>
            <option value="s3">S3-compatible bucket (AWS S3, R2, B2, Wasabi, MinIO)</option>
            <option value="published">a folder a web server publishes</option>
          </select>
        </label>
        {hostKind === 's3' ? (
          <>
            <label>
              Endpoint (leave empty for AWS)
              <input name="s3Endpoint" type="url" defaultValue={s3?.endpoint ?? ''} />
            </label>
            <label>
              Region
              <input name="s3Region" defaultValue={s3?.region ?? ''} />
            </label>
            <label>
              Bucket
              <input name="s3Bucket" defaultValue={s3?.bucket ?? ''} />
            </label>
            <label>
              Key prefix
              <input name="s3Prefix" defaultValue={s3?.prefix ?? ''} />
            </label>
            <label className="inline">
              <input name="s3PathStyle" type="checkbox" defaultChecked={s3?.pathStyle ?? false} />{' '}
              Path-style addresses (MinIO and most self-hosted stores)
            </label>
            <label>
              Access key id {s3?.hasKeys ? '(stored; type both keys to replace)' : ''}
              <input name="s3AccessKeyId" autoComplete="off" />
            </label>
            <label>
              Secret access key
              <input name="s3SecretAccessKey" type="password" autoComplete="off" />
            </label>
          </>
        ) : null}
        {hostKind === 'published' ? (
          <>
            <label>
              Local folder
              <input name="publishedRoot" defaultValue={published?.root ?? ''} />
            </label>
            <label>
              Its web address
              <input name="publishedUrl" type="url" defaultValue={published?.urlPrefix ?? ''} />
            </label>
          </>
        ) : null}
        <button type="button" onClick={testHost} disabled={testingHost}>
          Test the photo host
        </button>
      </fieldset>
      <WatchFolders settleSeconds={settings.watchSettleSeconds} />
      <CameraClocks />
      <UploadPaceFields settings={settings} />
      <MapTileField savedUrl={settings.mapTileUrl} changed={tilesChanged} />
      <QuitChoiceField
        remembered={settings.quitWithPending}
        onSaved={(saved) => {
          // Only this setting changed: the form's fields keep what the user typed.
          setSettings({ ...settings, quitWithPending: saved.quitWithPending });
          onSaved(saved);
        }}
      />
      {message ? <p role="status">{message}</p> : null}
      <button type="submit" className="primary">
        Save
      </button>
    </form>
  );
}
