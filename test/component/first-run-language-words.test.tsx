// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { FirstRunGuide } from '../../renderer/features/first-run/FirstRunGuide';
import type { FirstRunStep } from '../../renderer/features/first-run/first-run-steps';
import { SessionPanel } from '../../renderer/features/sign-in/SessionPanel';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import {
  S3_HOST_FIXTURE as photoHost,
  SERVICE_FIXTURE as service,
  settingsViewFixture,
} from '../support/settings-view-fixture';
import { englishLeft } from './english-left';

afterEach(cleanup);

// Issue 24 §2: the first-run guide and the sign-in panel speak the window's language.

function session(overrides: Partial<SessionView> = {}): SessionView {
  return {
    state: 'signed-out',
    service: 'https://photos.example.com:8443/oauth',
    clientId: 'uploader',
    access: undefined,
    expiresAt: undefined,
    remembered: true,
    kept: 'keychain',
    message: undefined,
    ...overrides,
  };
}

function renderGuide(
  locale: ShownLocale,
  plan: readonly FirstRunStep[],
  settings: SettingsView = settingsViewFixture(),
  now: SessionView = session(),
) {
  const { bridge } = fakeBridge({ 'settings:get': settings });
  return renderWithBridge(
    <FirstRunGuide plan={plan} settings={settings} session={now} onDone={() => undefined} />,
    bridge,
    locale,
  );
}

/**
 * The English left in `element`: each run of two or more plain ASCII letters in its text and in
 * its labels for assistive technology, once the data the test passed in is taken out. In the
 * pseudo-locale every word from a catalog is accented, so a run left is a word written in code.
 */
function englishIn(element: HTMLElement, data: readonly string[]): string[] {
  const labels = [...element.querySelectorAll('[aria-label]')].map(
    (labelled) => labelled.getAttribute('aria-label') ?? '',
  );
  return englishLeft([element.textContent ?? '', ...labels].join(' '), data);
}

/** Settings' S3 key fields, shown inside Where photos go: Settings' own words, converted there. */
const S3_KEY_LABELS = ['Access key id', 'Secret access key'];

describe('the first-run guide in German', () => {
  it('names the guide, its steps and the Connect step’s fields in German', () => {
    renderGuide('de', ['connect', 'sign-in', 'photos', 'ready']);
    expect(screen.getByRole('heading', { name: 'Photo Uploader einrichten' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Einrichtungsschritte' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Verbinden', 'Anmelden', 'Speicherort der Fotos', 'Fertig']);
    expect(screen.getByRole('button', { name: 'Einrichtungsdatei öffnen…' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Später einrichten' })).toBeTruthy();
    expect(screen.getByLabelText('Anmeldeadresse')).toBeTruthy();
    expect(screen.getByLabelText('API-Adresse')).toBeTruthy();
    expect(screen.getByLabelText('Client-ID')).toBeTruthy();
  });

  it('says in one German sentence which service details are missing', () => {
    renderGuide('de', ['connect', 'sign-in', 'photos', 'ready']);
    fireEvent.change(screen.getByLabelText('Anmeldeadresse'), {
      target: { value: service.authUrl },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Geben Sie die API-Adresse und die Client-ID ein: Es wurde noch nichts gespeichert.',
    );
  });

  it('asks for the photo host in German, and says what is missing', () => {
    renderGuide('de', ['photos', 'ready'], settingsViewFixture(service), session());
    expect(screen.getByRole('heading', { name: 'Speicherort der Fotos' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Art des Speichers' })).toBeTruthy();
    expect(screen.getByLabelText('Bucket-Name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und testen' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Geben Sie die Region und den Bucket ein: Es wurde noch nichts gespeichert.',
    );
    fireEvent.click(
      screen.getByRole('radio', { name: 'ein Ordner, den ein Webserver veröffentlicht' }),
    );
    expect(screen.getByLabelText('Lokaler Ordner')).toBeTruthy();
    expect(screen.getByLabelText('Seine Webadresse')).toBeTruthy();
  });

  it('signs in and ends in German, naming the service by its host', () => {
    renderGuide('de', ['sign-in'], settingsViewFixture(service));
    expect(document.body.textContent).toContain(
      'Melden Sie sich mit Ihrem Arbeitskonto bei photos.example.com an.',
    );
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    cleanup();
    renderGuide('de', ['ready'], settingsViewFixture(service), session({ state: 'signed-in' }));
    expect(document.body.textContent).toContain(
      'Photo Uploader ist eingerichtet und bei photos.example.com angemeldet.',
    );
    expect(screen.getByRole('button', { name: 'Fotos hinzufügen' })).toBeTruthy();
  });
});

describe('the first-run guide in the pseudo-locale', () => {
  const hosts = ['photos.example.com', 'https://', '.photouploader'];

  it('leaves no English in Connect, Sign in or Ready', () => {
    const { container } = renderGuide('en-XA', ['connect', 'sign-in', 'photos', 'ready']);
    expect(englishIn(container, hosts)).toEqual([]);
    cleanup();
    const signIn = renderGuide('en-XA', ['sign-in'], settingsViewFixture(service));
    expect(englishIn(signIn.container, hosts)).toEqual([]);
    cleanup();
    const waiting = renderGuide(
      'en-XA',
      ['sign-in'],
      settingsViewFixture(service),
      session({ state: 'signing-in', service: undefined }),
    );
    expect(englishIn(waiting.container, hosts)).toEqual([]);
    cleanup();
    const ready = renderGuide(
      'en-XA',
      ['ready'],
      settingsViewFixture(service),
      session({ state: 'signed-in' }),
    );
    expect(englishIn(ready.container, hosts)).toEqual([]);
  });

  it('leaves no English in the Connect step’s problem or the organisation’s values', () => {
    const settings = settingsViewFixture({ authUrl: service.authUrl, managed: ['authUrl'] });
    const { container } = renderGuide('en-XA', ['connect', 'sign-in', 'photos', 'ready'], settings);
    const [submit] = screen.getAllByRole('button').filter((button) => button.closest('form'));
    fireEvent.click(submit ?? document.body);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(englishIn(container, [...hosts, service.authUrl])).toEqual([]);
  });

  it('leaves no English in Where photos go, either kind, beyond Settings’ key fields', () => {
    const { container } = renderGuide('en-XA', ['photos', 'ready'], settingsViewFixture(service));
    const [save] = screen.getAllByRole('button').filter((button) => button.closest('form'));
    fireEvent.click(save ?? document.body);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(englishIn(container, [...hosts, ...S3_KEY_LABELS])).toEqual([]);
    const [, published] = screen.getAllByRole('radio');
    fireEvent.click(published ?? document.body);
    expect(englishIn(container, [...hosts, ...S3_KEY_LABELS])).toEqual([]);
    cleanup();
    const managed = ['authUrl', 'baseUrl', 'clientId', 'photoHost'];
    const host = { ...photoHost, endpoint: 'https://s3.example.com', hasKeys: false };
    const organisation = renderGuide(
      'en-XA',
      ['photos', 'ready'],
      settingsViewFixture({ ...service, photoHost: host, managed }),
      session({ state: 'signed-in' }),
    );
    expect(
      englishIn(organisation.container, [
        ...hosts,
        ...S3_KEY_LABELS,
        'https://s3.example.com',
        photoHost.bucket,
        photoHost.region,
      ]),
    ).toEqual([]);
  });
});

describe('the sign-in panel in another language', () => {
  it('says who is signed in, and what the sign-in allows, in German', async () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <SessionPanel session={session({ state: 'signed-in', access: 'photos:write' })} />,
      bridge,
      'de',
    );
    const panel = screen.getByRole('region', { name: 'Anmeldung' });
    expect(panel.textContent).toContain('Angemeldet bei photos.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Angemeldet bei photos.example.com' }));
    const account = await screen.findByRole('dialog', { name: 'Konto' });
    expect(account.textContent).toContain('darf Fotos hochladen und bearbeiten');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('leaves no English in any of its states in the pseudo-locale', async () => {
    const states: SessionView[] = [
      session(),
      session({ service: undefined }),
      session({ state: 'signing-in' }),
      session({ state: 'signed-in', access: 'photos:read', remembered: false }),
      session({ state: 'signed-in', access: 'admin' }),
    ];
    for (const state of states) {
      const { bridge } = fakeBridge({});
      const { container } = renderWithBridge(<SessionPanel session={state} />, bridge, 'en-XA');
      expect(englishIn(container, ['photos.example.com', 'admin'])).toEqual([]);
      // Signed in, the account panel's words too.
      if (state.state === 'signed-in') {
        fireEvent.click(within(container).getByRole('button'));
        const account = await screen.findByRole('dialog');
        expect(englishIn(account, ['photos.example.com', 'admin'])).toEqual([]);
      }
      cleanup();
    }
    const { bridge } = fakeBridge({});
    const { container } = renderWithBridge(<SessionPanel session={undefined} />, bridge, 'en-XA');
    expect(englishIn(container, [])).toEqual([]);
  });
});
