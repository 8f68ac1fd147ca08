import { describe, expect, it, vi } from 'vitest';
import { offlineCores } from '../../support/offline-core';

// Issue 24 §2: the window's language follows the operating system's, with a choice in Settings.

describe('the window’s language as main keeps it', () => {
  const startCore = offlineCores();

  it('follows the system’s first language it has, until the user chooses one', async () => {
    const { core, handlers, dispatch, savedSettings } = await startCore({
      prefix: 'language-setting-',
      systemLanguages: ['pt-BR', 'fr-CA', 'en-US'],
    });
    expect(await handlers['settings:get']({})).toMatchObject({
      language: 'system',
      locale: 'fr',
      formatLocale: 'fr-CA',
    });

    const reconfigure = vi.spyOn(core, 'reconfigure');
    const saved = await dispatch('settings:set', { language: 'de' }, { trusted: true });
    expect(saved).toMatchObject({
      ok: true,
      value: { language: 'de', locale: 'de', formatLocale: 'de' },
    });
    // Only words change: the connection, the photo host and the queue are left running.
    expect(reconfigure).not.toHaveBeenCalled();
    expect(await savedSettings()).toMatchObject({ language: 'de' });

    const back = await dispatch('settings:set', { language: 'system' }, { trusted: true });
    expect(back).toMatchObject({
      ok: true,
      value: { language: 'system', locale: 'fr', formatLocale: 'fr-CA' },
    });
  }, 60_000);

  it('refuses a language it has no catalog for', async () => {
    const { dispatch } = await startCore({ prefix: 'language-setting-' });
    for (const language of ['pt', 'en-XA', 'EN', '']) {
      const refused = await dispatch('settings:set', { language }, { trusted: true });
      expect(refused, language).toMatchObject({ ok: false, code: 'bad-input' });
    }
  }, 60_000);
});
