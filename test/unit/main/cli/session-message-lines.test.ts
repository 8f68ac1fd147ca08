import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { login, status } from '../../../../main/cli/auth-commands';
import type { CliContext } from '../../../../main/cli/cli-context';
import type { Words } from '../../../../shared/i18n/translator';
import { words } from '../../../../shared/i18n/words';
import type { SessionView } from '../../../../shared/ipc/views';
import { settingsViewFixture } from '../../../support/settings-view-fixture';

// Issue 24 §2: the session's message crosses the bridge as words; the command line prints their
// English (its output is for scripts and logs).

/** The output streams, read back as text. */
function outputs() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { streams: { stdout, stderr }, stdout: () => out, stderr: () => err };
}

const session = (state: SessionView['state'], message: Words): SessionView => ({
  state,
  service: 'https://login.example.com',
  clientId: 'uploader',
  access: undefined,
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message,
});

/** A stand-in of the core that answers the session's calls with `now`. */
function contextWith(now: SessionView): CliContext {
  const answers: Record<string, unknown> = {
    'settings:get': settingsViewFixture({
      authUrl: 'https://login.example.com',
      clientId: 'uploader',
    }),
    'session:get': now,
    'session:sign-in': now,
  };
  return {
    dataDir: '/tmp/uploader-data',
    client: { kind: 'owner', on: () => () => undefined },
    call: (channel: string) => Promise.resolve(answers[channel]),
    waitFor: <T>(waiting: Promise<T>) => waiting,
  } as unknown as CliContext;
}

describe('the command line and the session’s message', () => {
  it('status prints the message in English', async () => {
    const out = outputs();
    const context = contextWith(session('needs-sign-in', words('error.signIn.sessionEnded')));
    expect(await status(context, { json: false }, out.streams)).toBe(0);
    expect(out.stdout()).toContain(
      '\nYour session has ended. Sign in again; queued uploads are kept.\n',
    );
  });

  it('login says why the sign-in failed, in English, on one line', async () => {
    const out = outputs();
    const refused = words('error.signIn.refusedSaying', {
      code: 'temporarily_unavailable',
      description: 'Try later',
    });
    expect(await login(contextWith(session('signed-out', refused)), out.streams)).toBe(1);
    expect(out.stderr()).toBe(
      'login: The Photo Service refused the sign-in (temporarily_unavailable: Try later). Please try again.\n',
    );
  });
});
