import { describe, expect, it } from 'vitest';
import {
  startupFailure,
  startupLocale,
  waitingForOwner,
} from '../../../../main/desktop/startup-words';
import { LockTimeoutError } from '../../../../main/ownership/file-lock';
import { createTranslator } from '../../../../shared/i18n/translator';

const en = createTranslator('en').t;
const de = createTranslator('de').t;

describe('what the app says at start', () => {
  it('says it waits for a command-line process that owns the data folder', () => {
    expect(waitingForOwner(en).detail).toContain('command-line');
    expect(waitingForOwner(de).title).toBe('Photo Uploader wartet');
  });

  it('explains a data folder held too long, and any other failure with its reason', () => {
    expect(startupFailure(new LockTimeoutError('held'), en).detail).toContain(
      'Stop it, then start',
    );
    expect(startupFailure(new Error('The disk is full'), en).detail).toMatch(/^The disk is full/);
    const german = startupFailure(new Error('The disk is full'), de);
    expect(german.title).toBe('Photo Uploader konnte nicht starten');
    expect(german.detail).toMatch(/^The disk is full\n\nDie Details stehen in der Protokolldatei/);
  });

  it('speaks the language saved in Settings, else the system’s, before the core runs', () => {
    const system = () => ['es-MX', 'en'];
    expect(startupLocale({ saved: () => 'de', systemLanguages: system, pseudo: false })).toEqual({
      locale: 'de',
      formatLocale: 'de',
    });
    expect(
      startupLocale({ saved: () => undefined, systemLanguages: system, pseudo: false }),
    ).toEqual({ locale: 'es', formatLocale: 'es-MX' });
    const unreadable = () => {
      throw new Error('EACCES');
    };
    expect(
      startupLocale({ saved: unreadable, systemLanguages: system, pseudo: false }).locale,
    ).toBe('es');
    expect(
      startupLocale({ saved: unreadable, systemLanguages: unreadable, pseudo: false }).locale,
    ).toBe('en');
  });
});
