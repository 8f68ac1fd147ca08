import { describe, expect, it } from 'vitest';
import {
  firstRunPlan,
  nextStep,
  stepDone,
} from '../../../renderer/features/first-run/first-run-steps';
import type { SessionView } from '../../../shared/ipc/views';
import {
  S3_HOST_FIXTURE as photoHost,
  SERVICE_FIXTURE as service,
  settingsViewFixture,
} from '../../support/settings-view-fixture';

function session(state: SessionView['state']): SessionView {
  return {
    state,
    service: state === 'signed-out' ? undefined : 'https://auth.example.com/',
    clientId: undefined,
    access: undefined,
    expiresAt: undefined,
    remembered: true,
    kept: 'keychain',
    message: undefined,
  };
}

describe('whether the first-run guide opens, and with which steps', () => {
  it('opens on all four steps when nothing is configured', () => {
    expect(firstRunPlan(settingsViewFixture(), session('signed-out'))).toEqual([
      'connect',
      'sign-in',
      'photos',
      'ready',
    ]);
  });

  it('leaves out Connect when the service is set, and Where photos go when the host is', () => {
    expect(firstRunPlan(settingsViewFixture(service), session('signed-out'))).toEqual([
      'sign-in',
      'photos',
      'ready',
    ]);
    expect(firstRunPlan(settingsViewFixture({ photoHost }), session('signed-out'))).toEqual([
      'connect',
      'sign-in',
      'ready',
    ]);
  });

  it('keeps Connect while any of the sign-in address, API address or client id is missing', () => {
    const { clientId: _left, ...partial } = service;
    expect(firstRunPlan(settingsViewFixture(partial), session('signed-out'))?.[0]).toBe('connect');
  });

  it('leaves out Sign in when already signed in', () => {
    expect(firstRunPlan(settingsViewFixture(service), session('signed-in'))).toEqual([
      'photos',
      'ready',
    ]);
  });

  it('does not open once the service and the photo host are set (signed in or not)', () => {
    const configured = settingsViewFixture({ ...service, photoHost });
    expect(firstRunPlan(configured, session('signed-in'))).toBeUndefined();
    expect(firstRunPlan(configured, session('signed-out'))).toBeUndefined();
    expect(firstRunPlan(configured, session('needs-sign-in'))).toBeUndefined();
  });

  it('is one step, Sign in, when the organisation sets the service and the photo host', () => {
    const managed = settingsViewFixture({
      ...service,
      photoHost,
      managed: ['authUrl', 'baseUrl', 'clientId', 'photoHost', 'concurrency'],
    });
    expect(firstRunPlan(managed, session('signed-out'))).toEqual(['sign-in']);
    expect(firstRunPlan(managed, session('needs-sign-in'))).toEqual(['sign-in']);
    expect(firstRunPlan(managed, session('signed-in'))).toBeUndefined();
  });

  it('adds Where photos go for the keys when the organisation’s S3 host has none and no profile', () => {
    const everything = ['authUrl', 'baseUrl', 'clientId', 'photoHost'];
    const noKeys = settingsViewFixture({
      ...service,
      photoHost: { ...photoHost, hasKeys: false },
      managed: everything,
    });
    expect(firstRunPlan(noKeys, session('signed-out'))).toEqual(['sign-in', 'photos', 'ready']);
    expect(firstRunPlan(noKeys, session('signed-in'))).toEqual(['photos', 'ready']);
    expect(stepDone('photos', noKeys, session('signed-in'))).toBe(false);
    // A profile brings its own credentials: nothing to type, the guide stays one step.
    const profile = settingsViewFixture({
      ...service,
      photoHost: { ...photoHost, hasKeys: false, profile: 'office' },
      managed: everything,
    });
    expect(firstRunPlan(profile, session('signed-out'))).toEqual(['sign-in']);
  });

  it('treats a policy that sets only part of it like the user’s own settings', () => {
    const partly = settingsViewFixture({ ...service, managed: ['authUrl', 'baseUrl', 'clientId'] });
    expect(firstRunPlan(partly, session('signed-out'))).toEqual(['sign-in', 'photos', 'ready']);
    const hostOnly = settingsViewFixture({ photoHost, managed: ['photoHost'] });
    expect(firstRunPlan(hostOnly, session('signed-out'))).toEqual(['connect', 'sign-in', 'ready']);
  });
});

describe('moving through the guide', () => {
  const plan = ['connect', 'sign-in', 'photos', 'ready'] as const;

  it('says which steps are done from the settings and the session', () => {
    const settings = settingsViewFixture(service);
    expect(stepDone('connect', settings, session('signed-out'))).toBe(true);
    expect(stepDone('sign-in', settings, session('signing-in'))).toBe(false);
    expect(stepDone('sign-in', settings, session('signed-in'))).toBe(true);
    expect(stepDone('photos', settings, session('signed-in'))).toBe(false);
    expect(stepDone('ready', settings, session('signed-in'))).toBe(false);
  });

  it('goes to the next step not done yet: a setup file that set the photo host skips it', () => {
    const both = settingsViewFixture({ ...service, photoHost });
    expect(nextStep(plan, 'connect', both, session('signed-out'))).toBe('sign-in');
    expect(nextStep(plan, 'sign-in', both, session('signed-in'))).toBe('ready');
    const serviceOnly = settingsViewFixture(service);
    expect(nextStep(plan, 'sign-in', serviceOnly, session('signed-in'))).toBe('photos');
  });

  it('ends after the last step', () => {
    expect(nextStep(plan, 'ready', settingsViewFixture(), session('signed-in'))).toBeUndefined();
    expect(
      nextStep(['sign-in'], 'sign-in', settingsViewFixture(), session('signed-in')),
    ).toBeUndefined();
  });
});
