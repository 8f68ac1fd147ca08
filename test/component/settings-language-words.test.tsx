// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TEMPLATE_TOKENS } from '../../shared/domain/description-template';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { WatchFolderView } from '../../shared/domain/watch-rule';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { SettingsScreen } from '../../renderer/features/settings/SettingsScreen';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { englishLeft } from './english-left';

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

/** Two watched folders: one for a project by name, tagged, and one per subfolder, missing. */
const FOLDERS: readonly WatchFolderView[] = [
  {
    rule: {
      path: '/photos/site',
      project: { kind: 'fixed', projectId: 'harbor', projectName: 'Harbor View Tower' },
      description: '',
      tags: ['site', 'concrete'],
      tagsFromFolders: false,
      internal: false,
    },
    state: 'watching',
    lastQueuedAt: Date.UTC(2026, 10, 27, 14, 3, 9),
    queued: 3,
  },
  {
    rule: {
      path: '/photos/all',
      project: { kind: 'per-subfolder' },
      description: '',
      tags: [],
      tagsFromFolders: true,
      internal: true,
    },
    state: 'missing',
    lastQueuedAt: null,
    queued: 0,
  },
];

/** Settings in `locale`, over a fake bridge; the tab list once it is painted. */
async function showSettings(locale: ShownLocale, settings: SettingsView) {
  const { bridge } = fakeBridge({
    'settings:get': settings,
    'settings:set': settings,
    'session:get': SIGNED_IN,
    'watch:list': FOLDERS,
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
 * and alternative texts of its elements), without the languages the language list names in their
 * own words, without the project search Settings borrows from the batch screen, and without `data`
 * (what the test passed in). The time zones' list is not in the page until it is opened.
 */
function wordsShown(container: HTMLElement, data: readonly string[]): string {
  const copy = container.cloneNode(true) as HTMLElement;
  // The project search is the batch screen's (converted with it), not Settings' own.
  for (const picker of copy.querySelectorAll('.project-picker, .project-chosen')) picker.remove();
  for (const option of copy.querySelectorAll('.language-field option')) option.remove();
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
const DATA = [
  'auth.example.com',
  '2MB/s',
  'Mon-Fri 18:00-07:00',
  '/photos/site',
  '/photos/all',
  'Harbor View Tower',
  'site, concrete',
  'Canon EOS 5D',
  'OpenStreetMap',
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  'https://',
  'http://',
  '{z}',
  '{x}',
  '{y}',
  // A description template's tokens, as they are typed (syntax, the same in every language).
  ...TEMPLATE_TOKENS.map((token) => `{${token}}`),
  // A time's AM and PM in English (the pseudo-locale formats as English does).
  'AM',
  'PM',
];

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
      'Preajustes y plantillas',
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

  it('says in Spanish what each watched folder does, with its buttons named for it', async () => {
    await showSettings('es', settingsViewFixture(SERVICE));
    fireEvent.click(screen.getByRole('tab', { name: 'Carpetas vigiladas' }));
    const list = await screen.findByRole('list', { name: 'Carpetas vigiladas' });
    const [site, all] = within(list).getAllByRole('listitem');
    expect(site?.textContent).toContain('→ Harbor View Tower, etiquetas: site, concrete');
    expect(site?.textContent).toContain('(3 en la cola de subida)');
    expect(all?.textContent).toContain('→ el proyecto que se llama como cada subcarpeta');
    expect(all?.textContent).toContain(
      'Falta la carpeta: se vuelve a vigilar cuando reaparezca; aún no se ha añadido nada a la cola de subida',
    );
    expect(screen.getByRole('button', { name: 'Editar la regla de /photos/site' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dejar de vigilar /photos/all' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir una carpeta vigilada…' }));
    expect(
      await screen.findByText(
        'Elija el proyecto (búsquelo por su nombre) o «el proyecto que se llama como cada subcarpeta».',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Cámaras' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir un reloj de cámara' }));
    expect(
      screen.getByText(
        'Indique la marca y el modelo de la cámara, tal como aparecen en sus fotos.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Mapa' }));
    expect(screen.getByLabelText('Dirección de los mosaicos del mapa')).toBeTruthy();
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
      settingsViewFixture({
        ...SERVICE,
        photoHost: S3_HOST,
        cameraOffsets: [{ make: 'Canon', model: 'Canon EOS 5D', offsetSeconds: 3780 }],
      }),
    );
    await screen.findByText(/auth\.example\.com/, { selector: 'h4' });
    await screen.findByText('/photos/site');
    await screen.findByText('Canon EOS 5D');
    // Every section is in the page (only hidden), so one look covers them all.
    for (const id of ['account', 'uploading', 'storage', 'watch', 'cameras', 'network', 'map']) {
      const panel = container.querySelector<HTMLElement>(`.settings-panel[data-section="${id}"]`);
      expect(englishLeft(wordsShown(panel ?? container, DATA)), id).toEqual([]);
    }
    expect(englishLeft(wordsShown(container, DATA))).toEqual([]);
  });
});
