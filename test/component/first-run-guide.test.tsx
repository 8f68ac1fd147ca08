// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { IpcResult, IpcResults } from '../../shared/ipc/contract';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { FirstRunGuide } from '../../renderer/features/first-run/FirstRunGuide';
import { type FirstRunStep, firstRunPlan } from '../../renderer/features/first-run/first-run-steps';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import {
  S3_HOST_FIXTURE as photoHost,
  SERVICE_FIXTURE as service,
  settingsViewFixture,
} from '../support/settings-view-fixture';

afterEach(cleanup);

function session(state: SessionView['state'], message?: Words): SessionView {
  return {
    state,
    service: 'https://auth.example.com/',
    clientId: 'uploader',
    access: undefined,
    expiresAt: undefined,
    remembered: true,
    kept: 'keychain',
    message,
  };
}

/** The guide as the app opens it for `settings` and `now`, over `bridge`. */
function renderGuide(
  settings: SettingsView,
  now: SessionView,
  answers: Parameters<typeof fakeBridge>[0] = {},
) {
  const plan = firstRunPlan(settings, now) ?? [];
  const fake = fakeBridge({ 'settings:get': settings, ...answers });
  const onDone = vi.fn();
  const view = renderWithBridge(
    <FirstRunGuide plan={plan} settings={settings} session={now} onDone={onDone} />,
    fake.bridge,
  );
  const rerender = (next: SessionView, steps: readonly FirstRunStep[] = plan) =>
    view.rerender(
      <BridgeContext.Provider value={fake.bridge}>
        <FirstRunGuide plan={steps} settings={settings} session={next} onDone={onDone} />
      </BridgeContext.Provider>,
    );
  return { ...fake, onDone, rerender, plan };
}

/** The step the indicator marks as current. */
function currentStep(): string | null | undefined {
  return screen.getByRole('list', { name: 'Setup steps' }).querySelector('[aria-current="step"]')
    ?.textContent;
}

describe('the first-run guide', () => {
  it('opens on Connect, marked current, with the focus on its heading', () => {
    renderGuide(settingsViewFixture(), session('signed-out'));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Connect',
      'Sign in',
      'Where photos go',
      'Ready',
    ]);
    expect(currentStep()).toBe('Connect');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connect' }));
    expect(screen.getByRole('button', { name: 'Open the setup file…' })).toBeTruthy();
  });

  it('says what is missing instead of saving half the service details', () => {
    const { calls } = renderGuide(settingsViewFixture(), session('signed-out'));
    fireEvent.change(screen.getByLabelText('Sign-in address'), {
      target: { value: 'https://auth.example.com/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Enter the API address and client ID: nothing was saved yet.',
    );
    expect(calls.map((call) => call.channel)).not.toContain('settings:set');
  });

  it('saves the service details and moves on to Sign in', async () => {
    const { calls } = renderGuide(settingsViewFixture(), session('signed-out'), {
      'settings:set': settingsViewFixture(service),
    });
    fireEvent.change(screen.getByLabelText('Sign-in address'), {
      target: { value: service.authUrl },
    });
    fireEvent.change(screen.getByLabelText('API address'), { target: { value: service.baseUrl } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: service.clientId } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls.find((call) => call.channel === 'settings:set')?.input).toEqual(service);
    expect(currentStep()).toBe('Sign in');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in' }));
  });

  it('shows main’s refusal beside the step, with what to do', async () => {
    const { bridge } = fakeBridge({});
    const refusal =
      'The sign-in address must use https (plain http is allowed only on this computer).';
    bridge.invoke = () => Promise.resolve({ ok: false, code: 'failed', message: refusal });
    renderWithBridge(
      <FirstRunGuide
        plan={['connect', 'sign-in', 'photos', 'ready']}
        settings={settingsViewFixture()}
        session={session('signed-out')}
        onDone={() => undefined}
      />,
      bridge,
    );
    fireEvent.change(screen.getByLabelText('Sign-in address'), {
      target: { value: 'http://auth.example.com/' },
    });
    fireEvent.change(screen.getByLabelText('API address'), { target: { value: service.baseUrl } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'uploader' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect(alert.textContent).toContain('correct them above');
    expect(currentStep()).toBe('Connect');
  });

  it('opens the setup file through main and skips Where photos go when it set the host', async () => {
    const { calls, rerender } = renderGuide(settingsViewFixture(), session('signed-out'), {
      'setup:open': { applied: true, message: 'Saved the service and the photo host.' },
      // After the file, the settings read back hold the service and the photo host.
      'settings:get': settingsViewFixture({ ...service, photoHost }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open the setup file…' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls.map((call) => call.channel)).toEqual(['setup:open', 'settings:get']);
    rerender(session('signed-in'));
    await screen.findByRole('heading', { name: 'Ready' });
  });

  it('says nothing was saved when no setup file was opened or it was not confirmed', async () => {
    const { calls } = renderGuide(settingsViewFixture(), session('signed-out'), {
      'setup:open': { applied: false, message: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open the setup file…' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'No setup file was opened, so nothing was saved.',
    );
    expect(calls.map((call) => call.channel)).toEqual(['setup:open']);
    expect(currentStep()).toBe('Connect');
  });

  it('shows what the organisation sets read-only, and leaves it out of the save', async () => {
    const settings = settingsViewFixture({
      authUrl: service.authUrl,
      managed: ['authUrl'],
    });
    const { calls } = renderGuide(settings, session('signed-out'), {
      'settings:set': settingsViewFixture({ ...service, managed: ['authUrl'] }),
    });
    expect(screen.queryByLabelText('Sign-in address')).toBeNull();
    expect(screen.getByText(service.authUrl).parentElement?.textContent).toContain(
      'Set by your organisation',
    );
    fireEvent.change(screen.getByLabelText('API address'), { target: { value: service.baseUrl } });
    fireEvent.change(screen.getByLabelText('Client id'), { target: { value: 'uploader' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(calls.find((call) => call.channel === 'settings:set')?.input).toEqual({
      baseUrl: service.baseUrl,
      clientId: 'uploader',
    });
  });

  it('is one step, Sign in, when the organisation sets everything; signing in ends it', async () => {
    const settings = settingsViewFixture({
      ...service,
      photoHost,
      managed: ['authUrl', 'baseUrl', 'clientId', 'photoHost'],
    });
    const { calls, onDone, rerender } = renderGuide(settings, session('signed-out'), {
      'session:sign-in': session('signing-in'),
    });
    expect(screen.queryByRole('list', { name: 'Setup steps' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Connect' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(calls.map((call) => call.channel)).toContain('session:sign-in');
    rerender(session('signing-in'));
    expect(screen.getByRole('status').textContent).toContain('Waiting for you to finish');
    expect(onDone).not.toHaveBeenCalled();
    rerender(session('signed-in'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('asks only for the keys of the organisation’s photo host when it has none', async () => {
    const managed = ['authUrl', 'baseUrl', 'clientId', 'photoHost'];
    const host = { ...photoHost, endpoint: 'https://s3.example.com', hasKeys: false };
    const settings = settingsViewFixture({ ...service, photoHost: host, managed });
    const { calls } = renderGuide(settings, session('signed-in'), {
      'settings:set': settingsViewFixture({
        ...service,
        photoHost: { ...host, hasKeys: true },
        managed,
      }),
      'settings:test-photo-host': {
        ok: true,
        message: 'The photo host works.',
        words: { key: 'hostTest.works' },
      },
    });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where photos go' }));
    // The host is the organisation's: shown as text, never as fields.
    expect(screen.queryByLabelText('Bucket')).toBeNull();
    expect(screen.queryByLabelText('Kind of storage')).toBeNull();
    expect(document.body.textContent).toContain('site-photos');
    expect(document.body.textContent).toContain('Set by your organisation');
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Access key id'), { target: { value: 'AKIA1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Enter both the access key id and the secret access key',
    );
    fireEvent.change(screen.getByLabelText('Secret access key'), { target: { value: 's3cr3t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    await screen.findByRole('button', { name: 'Continue' });
    expect(calls.find((call) => call.channel === 'settings:set')?.input).toEqual({
      photoHost: {
        kind: 's3',
        endpoint: 'https://s3.example.com',
        region: 'eu-central-1',
        bucket: 'site-photos',
        prefix: '',
        pathStyle: false,
        accessKeyId: 'AKIA1',
        secretAccessKey: 's3cr3t',
      },
    });
  });

  it('says an ignored policy once, in main’s words', () => {
    const problem =
      "Your organisation's policy is not valid, so none of it is used: concurrency: must be at most 16. Ask your IT department to correct it.";
    renderGuide(
      settingsViewFixture({
        policyProblem: {
          key: 'error.policy.badValue',
          values: { setting: 'concurrency', detail: 'must be at most 16' },
        },
      }),
      session('signed-out'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(problem);
    expect(alert.textContent).not.toMatch(/could not be used|Tell IT/);
  });

  it('says why a sign-in failed, beside the step', () => {
    renderGuide(
      settingsViewFixture(service),
      session('signed-out', words('error.signIn.refused', { code: 'invalid_scope' })),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'The Photo Service refused the sign-in (invalid_scope). Please try again.',
    );
    expect(alert.textContent).toContain('check with IT');
  });

  it('saves the photo host, tests it, and goes on only once the test passes', async () => {
    const settings = settingsViewFixture(service);
    const { bridge, calls } = fakeBridge({
      'settings:set': settingsViewFixture({ ...service, photoHost }),
    });
    type HostTestAnswer = IpcResult<IpcResults['settings:test-photo-host']>;
    let answer: (result: HostTestAnswer) => void = () => undefined;
    const invoke = bridge.invoke.bind(bridge);
    bridge.invoke = ((channel, input) =>
      channel === 'settings:test-photo-host'
        ? new Promise<HostTestAnswer>((resolve) => {
            calls.push({ channel, input });
            answer = resolve;
          })
        : invoke(channel, input)) as typeof bridge.invoke;
    const onDone = vi.fn();
    renderWithBridge(
      <FirstRunGuide
        plan={['photos', 'ready']}
        settings={settings}
        session={session('signed-in')}
        onDone={onDone}
      />,
      bridge,
    );
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'eu-central-1' } });
    fireEvent.change(screen.getByLabelText('Bucket'), { target: { value: 'site-photos' } });
    fireEvent.change(screen.getByLabelText('Access key id'), { target: { value: 'AKIA1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Enter both the access key id and the secret access key',
    );
    fireEvent.change(screen.getByLabelText('Secret access key'), { target: { value: 's3cr3t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    await waitFor(() =>
      expect(calls.map((call) => call.channel)).toContain('settings:test-photo-host'),
    );
    expect(calls.find((call) => call.channel === 'settings:set')?.input).toEqual({
      photoHost: {
        kind: 's3',
        region: 'eu-central-1',
        bucket: 'site-photos',
        prefix: '',
        pathStyle: false,
        accessKeyId: 'AKIA1',
        secretAccessKey: 's3cr3t',
      },
    });
    const failed =
      'The photo host test failed while putting a test image where photos go: The photo store has no such bucket';
    act(() =>
      answer({
        ok: true,
        value: {
          ok: false,
          step: 'put',
          message: failed,
          words: { key: 'hostTest.failed', values: { step: 'put' } },
          reason: { key: 'reason.staging.noSuchBucket' },
        },
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(failed);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save and test' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    act(() =>
      answer({
        ok: true,
        value: { ok: true, message: 'The photo host works.', words: { key: 'hostTest.works' } },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ready' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add photos' }));
    expect(onDone).toHaveBeenCalled();
  });
});
