// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 24 §2: Settings reads in the user's language, every section of it.

const SERVICE = {
  authUrl: 'https://auth.example.com/',
  baseUrl: 'https://api.example.com/',
  clientId: 'uploader',
};

const SIGNED_IN: SessionView = {
  state: 'signed-in',
  service: 'https://auth.example.com/',
  clientId: 'uploader',
  access: 'photos:read photos:write',
  expiresAt: undefined,
  remembered: true,
  kept: 'keychain',
  message: undefined,
};

/** An S3 photo host with stored keys. */
const S3_HOST: SettingsView['photoHost'] = {
  kind: 's3',
  endpoint: 'https://s3.example.com',
  region: 'eu-central-1',
  bucket: 'office-photos',
  prefix: 'uploads/',
  pathStyle: true,
  profile: undefined,
  hasKeys: true,
};

/** Settings in `locale`, over a fake bridge; the tab list once it is painted. */
async function showSettings(locale: ShownLocale, settings: SettingsView) {
  const { bridge } = fakeBridge({
    'settings:get': settings,
    'settings:set': settings,
    'session:get': SIGNED_IN,
    'watch:list': [],
    'projects:recent': [],
  });
  const { container } = renderWithBridge(
    <SettingsScreen onSaved={() => undefined} />,
    bridge,
    locale,
  );
  const tabs = await screen.findByRole('tablist');
  return { container, tabs };
}

/**
 * The words in `container` a user reads or hears (its text, and the labels, titles, placeholders
 * and alternative texts of its elements), without the options of the selects that list data (time
 * zones, languages by their own names) and without `data` (what the test passed in).
 */
function wordsShown(container: HTMLElement, data: readonly string[]): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const option of copy.querySelectorAll(
    'select[name="assumedZone"] option, .language-field option',
  ))
    option.remove();
  const attributes = [...copy.querySelectorAll('*')].flatMap((element) =>
    ['aria-label', 'title', 'placeholder', 'alt'].flatMap(
      (name) => element.getAttribute(name) ?? [],
    ),
  );
  let text = [copy.textContent ?? '', ...attributes].join(' ');
  for (const datum of data) text = text.split(datum).join(' ');
  return text;
}

/** What Settings shows as it is: the service's host, and the syntax of the pace fields' examples. */
const DATA = ['auth.example.com', '2MB/s', 'Mon-Fri 18:00-07:00'];

/** Runs of two or more plain ASCII letters: words no catalog accented in the pseudo-locale. */
const englishLeft = (text: string) => text.match(/[A-Za-z]{2,}/g) ?? [];

describe('Settings in another language', () => {
  it('names its sections, fields and buttons in Spanish', async () => {
    const { tabs } = await showSettings('es', settingsViewFixture(SERVICE));
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Cuenta',
      'Subida',
      'Almacén de fotos',
      'Carpetas vigiladas',
      'Cámaras',
      'Red',
      'Mapa',
      'Ayuda',
    ]);
    expect(tabs.getAttribute('aria-label')).toBe('Secciones de la configuración');
    expect(screen.getByRole('heading', { name: 'Configuración' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.getByLabelText('Dirección del servidor de inicio de sesión')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cerrar sesión en auth.example.com' }));
    expect(screen.getByText(/^Sesión iniciada \(esta sesión puede subir y editar fotos\)\.$/));
    fireEvent.click(screen.getByRole('tab', { name: 'Red' }));
    expect(
      screen.getByLabelText('Autoridades de certificación adicionales (un archivo PEM)'),
    ).toBeTruthy();
  });

  it('says in Spanish what to fix in Uploading, next to the field', async () => {
    await showSettings('es', settingsViewFixture(SERVICE));
    fireEvent.click(screen.getByRole('tab', { name: 'Subida' }));
    const far = screen.getByLabelText('Distancia para fotos lejos del proyecto (metros)');
    fireEvent.change(far, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'La distancia para fotos lejos del proyecto debe ser un número entero de metros de 10 m a 1000 km (10 a 1000000): «5» no lo es.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'No se ha guardado nada: hay que corregir la distancia para fotos lejos del proyecto.',
    );
    expect(screen.getByRole('group', { name: 'Salir con subidas pendientes' })).toBeTruthy();
    expect(screen.getByPlaceholderText('p. ej. Mon-Fri 18:00-07:00')).toBeTruthy();
  });

  it('names the S3 photo host’s fields in German, and says what to fix next to them', async () => {
    await showSettings('de', settingsViewFixture({ ...SERVICE, photoHost: S3_HOST }));
    fireEvent.click(screen.getByRole('tab', { name: 'Fotospeicher' }));
    expect(screen.getByLabelText('Art')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Woher seine Zugangsdaten kommen' })).toBeTruthy();
    expect(
      screen.getByLabelText(
        'Zugriffsschlüssel-ID (gespeichert; zum Ersetzen beide Schlüssel eingeben)',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Ein AWS-Profil'));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(/^Geben Sie den Namen des AWS-Profils ein/, {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fotospeicher testen' })).toBeTruthy();
  });

  it('names its sections and fields in German', async () => {
    await showSettings('de', settingsViewFixture(SERVICE));
    expect(screen.getByRole('tab', { name: 'Überwachte Ordner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einrichtungsdatei öffnen…' })).toBeTruthy();
  });

  it('leaves no English word in the pseudo-locale, in any section', async () => {
    const { container } = await showSettings(
      'en-XA',
      settingsViewFixture({ ...SERVICE, photoHost: S3_HOST }),
    );
    await screen.findByText(/auth\.example\.com/, { selector: 'h4' });
    for (const id of ['account', 'uploading', 'storage', 'network', 'help']) {
      const panel = container.querySelector<HTMLElement>(`#settings-panel-${id}`);
      expect(englishLeft(wordsShown(panel ?? container, DATA)), id).toEqual([]);
    }
    const nav = screen.getByRole('tablist');
    expect(englishLeft(wordsShown(nav, []))).toEqual([]);
  });
});
