import { describe, expect, it } from 'vitest';
import { envForApp } from '../../../../main/core/seed-settings';
import { SYSTEM_LANGUAGES_ENV, systemLanguages } from '../../../../main/core/system-languages';

const system = () => ['fr-FR', 'en-GB'];

describe('the system’s languages as the app takes them', () => {
  it('are the operating system’s', () => {
    expect(systemLanguages({ env: {}, packaged: true, system })).toEqual(['fr-FR', 'en-GB']);
  });

  it('are the ones a development run or a test names', () => {
    const env = { [SYSTEM_LANGUAGES_ENV]: ' es-ES , en-XA,' };
    expect(systemLanguages({ env, packaged: false, system })).toEqual(['es-ES', 'en-XA']);
  });

  it('ignore the variable in a packaged app, which also drops it from its environment', () => {
    const env = { [SYSTEM_LANGUAGES_ENV]: 'en-XA' };
    expect(systemLanguages({ env, packaged: true, system })).toEqual(['fr-FR', 'en-GB']);
    expect(envForApp(env, true)).not.toHaveProperty(SYSTEM_LANGUAGES_ENV);
  });
});
