import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMenu, type MenuItemModel } from '../../../../main/desktop/app-menu';
import { batchNotification } from '../../../../main/desktop/batch-notification';
import { contextMenuTemplate } from '../../../../main/desktop/context-menu';
import { openDialogChoice } from '../../../../main/desktop/open-dialog-choice';
import { quitQuestion, stillUploadingNotice } from '../../../../main/desktop/quit-rules';
import { confirmationQuestion, sensitiveChange } from '../../../../main/core/sensitive-change';
import { setupOutcomeBox } from '../../../../main/desktop/setup-outcome';
import { setupQuestion } from '../../../../main/core/setup-question';
import { startupFailure, waitingForOwner } from '../../../../main/desktop/startup-words';
import { trayMenu, trayTooltip } from '../../../../main/desktop/tray-menu';
import { LockTimeoutError } from '../../../../main/ownership/file-lock';
import { PSEUDO_LOCALE } from '../../../../shared/i18n/locales';
import { createTranslator, type Translate } from '../../../../shared/i18n/translator';
import type { QueueProgressView } from '../../../../shared/ipc/views';

// Issue 24 §2: every word main shows (menus, tray, dialogs, notifications, the start) in the
// app's language.

const de = createTranslator('de').t;
const es = createTranslator('es').t;

const progress = (
  change: Partial<QueueProgressView['stages']>,
  paused = 0,
  needsAttention = 0,
): { progress: QueueProgressView } => ({
  progress: {
    stages: { preparing: 0, creating: 0, processing: 0, done: 0, ...change },
    needsAttention,
    paused,
    bytesTotal: 0,
    bytesStaged: 0,
    etaSeconds: undefined,
  },
});

/** Every label of a menu model, depth first. */
function labels(items: readonly MenuItemModel[]): string[] {
  return items.flatMap((item) => [
    ...('label' in item ? [item.label] : []),
    ...('submenu' in item ? labels(item.submenu) : []),
  ]);
}

const current = {
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com',
  clientId: 'uploader',
  photoHost: {
    kind: 's3' as const,
    region: 'eu-west-1',
    bucket: 'fotos',
    pathStyle: false,
    prefix: '',
  },
  caFile: undefined,
  mapTileUrl: undefined,
  signInTokensInPlainTextFile: undefined,
};

describe('the application menu in the app’s language', () => {
  it('names the menus, our commands and Electron’s roles in German', () => {
    const menu = appMenu({ platform: 'linux', packaged: true }, de);
    expect(menu.map((item) => ('label' in item ? item.label : ''))).toEqual([
      'Datei',
      'Bearbeiten',
      'Ansicht',
      'Hilfe',
    ]);
    expect(labels(menu)).toEqual(
      expect.arrayContaining(['Fotos hinzufügen…', 'Beenden', 'Rückgängig', 'Über Photo Uploader']),
    );
    // Every role has its own label: Electron's would be English.
    const roles = (items: readonly MenuItemModel[]): MenuItemModel[] =>
      items.flatMap((item) => ('submenu' in item ? roles(item.submenu) : [item]));
    for (const item of roles(appMenu({ platform: 'darwin', packaged: false }, de)))
      if ('role' in item) expect(item.label, item.role).not.toBe('');
  });

  it('names macOS’s app menu in Spanish, the product’s name kept', () => {
    const [appItem] = appMenu({ platform: 'darwin', packaged: true }, es);
    expect(appItem && 'label' in appItem && appItem.label).toBe('Photo Uploader');
    expect(labels([appItem!])).toEqual([
      'Photo Uploader',
      'Acerca de Photo Uploader',
      'Instalar el comando “photo-uploader”',
      'Ocultar Photo Uploader',
      'Ocultar otros',
      'Mostrar todo',
      'Salir de Photo Uploader',
    ]);
  });
});

describe('the tray in the app’s language', () => {
  it('has its entries, the queue’s state and its tooltip in Spanish', () => {
    const { progress: uploading } = progress({ preparing: 2, done: 3 }, 0, 1);
    expect(
      trayMenu(uploading, 'running', es).map((entry) => ('label' in entry ? entry.label : '—')),
    ).toEqual([
      'Abrir Photo Uploader',
      '—',
      'Pausar todo',
      'Subiendo: 3 de 5 completadas; 1 requiere atención',
      '—',
      'Salir',
    ]);
    expect(trayTooltip(undefined, 'idle', es)).toBe('Photo Uploader: No hay subidas');
  });

  it('counts in German, with the locale’s digits', () => {
    const { progress: offline } = progress({ creating: 1200 });
    expect(trayTooltip(offline, 'offline', de)).toBe(
      'Photo Uploader: 1.200 warten auf die Verbindung',
    );
    const { progress: one } = progress({ creating: 1 });
    expect(trayTooltip(one, 'needs-sign-in', de)).toBe(
      'Photo Uploader: 1 wartet auf Ihre Anmeldung',
    );
    const { progress: paused } = progress({ preparing: 2 }, 2, 2);
    expect(trayMenu(paused, 'running', de)).toContainEqual({
      kind: 'action',
      id: 'resume-all',
      label: 'Alle fortsetzen',
    });
    expect(trayTooltip(paused, 'running', de)).toBe(
      'Photo Uploader: 2 angehalten, 2 erfordern Prüfung',
    );
  });
});

describe('the dialogs in the app’s language', () => {
  it('asks about quitting in German', () => {
    const question = quitQuestion(3, de);
    expect(question.title).toBe('Uploads sind nicht abgeschlossen');
    expect(question.message).toBe('3 Fotos warten noch auf den Upload.');
    expect(question.buttons).toEqual([
      'Trotzdem beenden',
      'Im Hintergrund weiter hochladen',
      'Abbrechen',
    ]);
    expect(question.checkboxLabel).toBe('Auswahl merken');
    expect(quitQuestion(1, es).message).toBe('1 foto sigue esperando a subirse.');
  });

  it('asks about a change of where photos go in Spanish, the values kept in their quotes', () => {
    const change = sensitiveChange(
      { baseUrl: 'https://otro.example/api', clientId: 'x„y«z' },
      current,
      undefined,
    );
    const question = confirmationQuestion(change!, es);
    expect(question.title).toBe('Confirmar el cambio');
    expect(question.buttons).toEqual(['Cancelar', 'Cambiar']);
    expect(question.detail).toContain(
      'Photo Uploader enviará fotos y tokens a https://otro.example y usará el ID de cliente «x\\u201ey\\xabz».',
    );
    expect(question.detail).toContain('Tendrá que iniciar sesión de nuevo.');
    // The English summary (logs, checks) is unchanged.
    expect(change?.summary).toBe(
      'Photo Uploader will send photos and tokens to https://otro.example and use the client id “x\\u201ey\\xabz”.',
    );
  });

  it('quotes German values with German quotation marks a value cannot close', () => {
    const change = sensitiveChange({}, current, {
      ...current.photoHost,
      bucket: 'a“ b',
      profile: 'büro',
    });
    expect(confirmationQuestion(change!, de).detail).toContain(
      'Photo Uploader wird Fotos im Bucket „a\\u201c b“ bei AWS S3 mit den Zugangsdaten des AWS-Profils „büro“ ablegen.',
    );
  });

  it('asks about a setup file, opens files and tells the outcome in German', async () => {
    const question = setupQuestion(
      {
        name: 'büro.photouploader',
        summary: [{ key: 'setup.summary.signIn', values: { origin: 'https://login.example' } }],
      },
      de,
    );
    expect(question.title).toBe('Einrichtungsdatei anwenden');
    expect(question.detail).toContain('Anmelden bei https://login.example');
    expect(question.message).toBe('Einrichtung aus „büro.photouploader“ anwenden?');
    expect(question.buttons).toEqual(['Abbrechen', 'Anwenden']);
    expect(openDialogChoice('files', de).title).toBe('Fotos wählen');
    expect(openDialogChoice('setup-file', es).filters).toEqual([
      { name: 'Configuración de Photo Uploader', extensions: ['photouploader'] },
    ]);
    expect(await setupOutcomeBox(Promise.reject(new Error('x')), de)).toEqual({
      type: 'warning',
      title: 'Einrichtungsdatei nicht angewendet',
      message:
        'Die Einrichtungsdatei konnte nicht angewendet werden; das Problem wurde protokolliert.',
    });
  });
});

describe('the notifications and the start in the app’s language', () => {
  it('tells of a finished batch and of items needing attention in Spanish', () => {
    expect(
      batchNotification(progress({ processing: 2, done: 1 }), progress({ done: 3 }), es),
    ).toEqual({ title: 'Photo Uploader', body: 'Todas las subidas han terminado: 3 completadas.' });
    expect(
      batchNotification(progress({ preparing: 2 }), progress({ preparing: 1 }, 0, 1), de)?.body,
    ).toBe('1 Element erfordert Prüfung in der Warteschlange.');
    expect(batchNotification(progress({ done: 3 }), progress({ done: 3 }), es)).toBeUndefined();
    expect(stillUploadingNotice(es).title).toBe('Photo Uploader sigue subiendo');
  });

  it('says why it waits or cannot start in Spanish', () => {
    expect(waitingForOwner(es).title).toBe('Photo Uploader está esperando');
    expect(startupFailure(new LockTimeoutError('held'), es).detail).toContain('Deténgalo');
  });
});

describe('the pseudo-locale', () => {
  it('leaves no English in any of main’s words', () => {
    const t: Translate = createTranslator(PSEUDO_LOCALE).t;
    const change = sensitiveChange(
      {
        authUrl: 'https://9.9.9.9',
        baseUrl: 'https://9.9.9.8',
        caFile: '1',
        mapTileUrl: 'https://9.9.9.7/{z}/{x}/{y}.png',
        signInTokensInPlainTextFile: true,
      },
      current,
      { ...current.photoHost, bucket: '2', profile: '3' },
    );
    const { progress: some } = progress({ preparing: 1, done: 1 }, 0, 1);
    const said = [
      ...labels(appMenu({ platform: 'darwin', packaged: false }, t)),
      ...labels(appMenu({ platform: 'linux', packaged: false }, t)),
      ...(['running', 'offline', 'needs-sign-in'] as const).flatMap((condition) =>
        trayMenu(some, condition, t, condition === 'offline').map((entry) =>
          'label' in entry ? entry.label : '',
        ),
      ),
      trayTooltip(undefined, 'idle', t),
      trayTooltip(progress({ done: 2 }, 0, 1).progress, 'idle', t),
      trayTooltip(progress({ creating: 2 }, 2).progress, 'running', t),
      ...contextMenuTemplate(
        {
          isEditable: true,
          selectionText: '',
          misspelledWord: '1',
          dictionarySuggestions: [],
          editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true },
        },
        t,
      ).map((entry) => ('label' in entry ? entry.label : '')),
      ...Object.values(quitQuestion(2, t)).flat().map(String),
      ...Object.values(confirmationQuestion(change!, t)).flat().map(String),
      ...Object.values(setupQuestion({ name: '4', summary: [] }, t))
        .flat()
        .map(String),
      ...(['files', 'folder', 'setup-file', 'move-folder'] as const).flatMap((kind) => {
        const choice = openDialogChoice(kind, t);
        return [choice.title, ...(choice.filters ?? []).map((filter) => filter.name)];
      }),
      ...Object.values(stillUploadingNotice(t)),
      batchNotification(progress({ preparing: 1 }), progress({ done: 1 }), t)?.body ?? '',
      ...Object.values(waitingForOwner(t)),
      ...Object.values(startupFailure(new LockTimeoutError('held'), t)),
      t('dialog.diagnostics.save'),
      t('dialog.diagnostics.notSaved'),
    ];
    // What is not words: the choices' ids, the product's name in the tray and the macOS menu, the
    // addresses and AWS's name passed in.
    const notWords = new Set(['quit', 'keep-uploading', 'cancel', 'Photo Uploader']);
    const english = said
      .filter((text) => !notWords.has(text))
      .map((text) => text.replace(/https:\/\/[\d.]+|AWS S3/gu, ''))
      .filter((text) => /[A-Za-z]{2,}/u.test(text));
    expect(english).toEqual([]);
  });
});

describe('the command line', () => {
  it('stays English: it builds main’s words only with the English translator', async () => {
    const dir = join(import.meta.dirname, '../../../../main/cli');
    const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = await readFile(join(dir, file), 'utf8');
      for (const [call] of text.matchAll(/createTranslator\([^)]*\)/gu))
        expect(call, file).toBe("createTranslator('en')");
      expect(text, file).not.toMatch(/\bcore\.locale\(\)/u);
    }
  });

  it('keeps the English summary of a sensitive change, whatever the app’s language', () => {
    const change = sensitiveChange({ authUrl: 'https://login.example' }, current, undefined);
    expect(change?.summary).toBe('Photo Uploader will sign in at https://login.example.');
  });
});
