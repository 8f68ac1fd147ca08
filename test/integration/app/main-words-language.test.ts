import { describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../../shared/i18n/locales';
import { offlineCores } from '../../support/offline-core';

// Issue 24 §2: main's own words (the menus, the tray) follow a new language at once.

describe('main’s words when the language changes', () => {
  const startCore = offlineCores();

  it('tells the desktop shell of a new language, once, and of nothing else', async () => {
    const { core, dispatch } = await startCore({
      prefix: 'main-words-',
      systemLanguages: ['es-ES', 'en'],
    });
    const told: ShownLocale[] = [];
    const stop = core.onLocaleChange(({ locale }) => told.push(locale));

    await dispatch('settings:set', { farMeters: 750 }, { trusted: true });
    expect(told).toEqual([]);
    await dispatch('settings:set', { language: 'de' }, { trusted: true });
    expect(told).toEqual(['de']);
    // The same language again, or another setting: nothing to build again.
    await dispatch('settings:set', { language: 'de' }, { trusted: true });
    await dispatch('settings:set', { farMeters: 800 }, { trusted: true });
    expect(told).toEqual(['de']);
    // Back to the system's: Spanish.
    await dispatch('settings:set', { language: 'system' }, { trusted: true });
    expect(told).toEqual(['de', 'es']);

    // A language saved by other means (a setup file, the policy) is told once applied.
    core.settings.update({ language: 'fr' });
    await core.settingsApplied(['language']);
    expect(told).toEqual(['de', 'es', 'fr']);

    stop();
    await dispatch('settings:set', { language: 'en' }, { trusted: true });
    expect(told).toEqual(['de', 'es', 'fr']);
  }, 60_000);
});
