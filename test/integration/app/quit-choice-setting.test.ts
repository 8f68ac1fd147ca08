import { describe, expect, it, vi } from 'vitest';
import { choiceToRemember, quitDecision } from '../../../main/desktop/quit-rules';
import { offlineCores } from '../../support/offline-core';

// Issue 22 §6: after "Remember my choice" + "Keep uploading" on quit there was no way back.
// Settings shows the remembered choice, and the window can reset it (only reset it: choosing
// for the user is the quit dialog's job).

describe('the remembered quit choice as main keeps it', () => {
  const startCore = offlineCores();

  it('is shown in the settings and can be reset to asking, without reconfiguring', async () => {
    const { core, handlers, dispatch, savedSettings } = await startCore({
      prefix: 'quit-choice-setting-',
    });
    expect((await handlers['settings:get']({})).quitWithPending).toBe('ask');

    // What the quit dialog saves after "Remember my choice" + "Keep uploading".
    const remembered = choiceToRemember('keep-uploading', true);
    core.settings.update({ quitWithPending: remembered });
    expect((await handlers['settings:get']({})).quitWithPending).toBe('keep-uploading');
    expect(quitDecision(3, core.settings.get().quitWithPending)).toBe('keep-uploading');

    // The window may only reset it.
    for (const choice of ['quit', 'keep-uploading', 'never', null]) {
      const refused = await dispatch(
        'settings:set',
        { quitWithPending: choice },
        { trusted: true },
      );
      expect(refused, String(choice)).toMatchObject({ ok: false, code: 'bad-input' });
    }

    const reconfigure = vi.spyOn(core, 'reconfigure');
    const reset = await dispatch('settings:set', { quitWithPending: 'ask' }, { trusted: true });
    expect(reset).toMatchObject({ ok: true, value: { quitWithPending: 'ask' } });
    expect(reconfigure).not.toHaveBeenCalled();
    expect(await savedSettings()).toMatchObject({ quitWithPending: 'ask' });
    // The next quit with uploads pending asks again.
    expect(quitDecision(3, core.settings.get().quitWithPending)).toBe('ask');
  }, 60_000);
});
