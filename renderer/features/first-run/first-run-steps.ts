import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { SessionView, SettingsView } from '../../../shared/ipc/views';
import { hostNeedingOwnKeys } from '../settings/organisation-host-keys';

/** The guide's steps, in order: Connect, Sign in, Where photos go, Ready. */
export const firstRunSteps = ['connect', 'sign-in', 'photos', 'ready'] as const;
export type FirstRunStep = (typeof firstRunSteps)[number];

/** Each step's name as the step indicator and its heading say it (a catalog key). */
export const stepTitles = {
  connect: 'firstRun.step.connect',
  'sign-in': 'firstRun.step.signIn',
  photos: 'firstRun.step.photos',
  ready: 'firstRun.step.ready',
} as const satisfies Record<FirstRunStep, MessageKey>;

/** The settings that say which Photo Service to use. */
const serviceSettings = ['authUrl', 'baseUrl', 'clientId'] as const;

function serviceSet(settings: SettingsView): boolean {
  return serviceSettings.every((name) => settings[name] !== undefined);
}

/** The organisation's policy sets the service and the photo host: the user only signs in. */
function organisationSetsAll(settings: SettingsView): boolean {
  return [...serviceSettings, 'photoHost'].every((name) => settings.managed.includes(name));
}

/**
 * The organisation sets an S3 photo host without an AWS profile, and this person's keys for it
 * are not stored yet: uploads wait for them, so the guide asks for them.
 */
function organisationHostWithoutKeys(settings: SettingsView): boolean {
  return hostNeedingOwnKeys(settings)?.hasKeys === false;
}

/** Whether what `step` asks for is already in place. `ready` never is: it is the last word. */
export function stepDone(
  step: FirstRunStep,
  settings: SettingsView,
  session: SessionView,
): boolean {
  if (step === 'connect') return serviceSet(settings);
  if (step === 'sign-in') return session.state === 'signed-in';
  if (step === 'photos')
    return settings.photoHost !== undefined && !organisationHostWithoutKeys(settings);
  return false;
}

/**
 * Whether the window opens on the first-run guide, and its steps; undefined: it opens on the app.
 *
 * The guide opens while setup is incomplete: the service (sign-in address, API address, client
 * id) or the photo host is not set, whoever was to set it. Once both are set it never opens
 * again, signed in or not (signing in again is the header's job), with one exception: when the
 * organisation's policy sets both, signing in is all the user ever does, so the guide is that
 * one step for as long as the window starts signed out; and Where photos go, for the keys only,
 * while the organisation's S3 host (without an AWS profile) has none stored for this person.
 * Steps already done are left out, except that Ready always closes a guide the user walked
 * through.
 */
export function firstRunPlan(
  settings: SettingsView,
  session: SessionView,
): readonly FirstRunStep[] | undefined {
  const signedIn = session.state === 'signed-in';
  if (organisationSetsAll(settings)) {
    const steps: FirstRunStep[] = signedIn ? [] : ['sign-in'];
    if (organisationHostWithoutKeys(settings)) steps.push('photos', 'ready');
    return steps.length === 0 ? undefined : steps;
  }
  if (serviceSet(settings) && settings.photoHost !== undefined) return undefined;
  return firstRunSteps.filter((step) => !stepDone(step, settings, session));
}

/**
 * The step after `current` in `plan` that is not done yet (a setup file that also set the photo
 * host makes Where photos go unnecessary); undefined when the guide is over.
 */
export function nextStep(
  plan: readonly FirstRunStep[],
  current: FirstRunStep,
  settings: SettingsView,
  session: SessionView,
): FirstRunStep | undefined {
  return plan.slice(plan.indexOf(current) + 1).find((step) => !stepDone(step, settings, session));
}
