import { type FormEvent, useEffect, useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';

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
  useEffect(() => {
    call(bridge, 'settings:get', {})
      .then(setSettings)
      .catch((error: Error) => setMessage(error.message));
  }, [bridge]);
  if (settings === undefined) return <p className="muted">Loading settings…</p>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    };
    call(bridge, 'settings:set', {
      authUrl: text('authUrl'),
      baseUrl: text('baseUrl'),
      clientId: text('clientId'),
      clientSecret: secret === '' ? undefined : secret,
      redirect: text('redirect') === 'loopback' ? 'loopback' : 'custom-scheme',
      concurrency: Number(text('concurrency') ?? settings.concurrency),
      assumedZone: text('assumedZone'),
    })
      .then((saved) => {
        setSettings(saved);
        setSecret('');
        setMessage('Saved.');
        onSaved(saved);
      })
      .catch((error: Error) => setMessage(error.message));
  };
  const testHost = () => {
    call(bridge, 'settings:test-photo-host', {})
      .then((result) => setMessage(result.message))
      .catch((error: Error) => setMessage(error.message));
  };
  return (
    <form className="settings" onSubmit={submit} aria-label="Settings">
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
      <label>
        Sign-in returns through
        <select name="redirect" defaultValue={settings.redirect}>
          <option value="custom-scheme">the app’s own link (recommended)</option>
          <option value="loopback">a local address (127.0.0.1)</option>
        </select>
      </label>
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
        Time zone for photos without one
        <input name="assumedZone" defaultValue={settings.assumedZone} />
      </label>
      <p>
        Photo host:{' '}
        {settings.photoHost === undefined
          ? 'not set up'
          : settings.photoHost.kind === 's3'
            ? `S3 bucket ${settings.photoHost.bucket}${settings.photoHost.hasKeys ? '' : ' (keys missing)'}`
            : `published folder ${settings.photoHost.root}`}{' '}
        <button type="button" onClick={testHost}>
          Test
        </button>
      </p>
      {message ? <p role="status">{message}</p> : null}
      <button type="submit" className="primary">
        Save
      </button>
    </form>
  );
}
