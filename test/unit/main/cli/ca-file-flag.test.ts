import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import {
  noSavedSettings,
  settingsChange,
  type SettingsFlags,
} from '../../../../main/cli/settings-flags';

const none: SettingsFlags = {
  authUrl: undefined,
  baseUrl: undefined,
  clientId: undefined,
  scope: undefined,
  photoHost: undefined,
  concurrency: undefined,
  caFile: undefined,
};
const saved = noSavedSettings;

describe('--ca-file', () => {
  it('is saved as an absolute path, like the other service settings', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'ca-flag-'));
    const file = join(folder, 'company.pem');
    await writeFile(file, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect(settingsChange({ ...none, caFile: relative(process.cwd(), file) }, {}, saved)).toEqual({
      caFile: file,
    });
  });

  it('refuses a file that does not exist, naming it, before anything is saved', () => {
    const missing = join(tmpdir(), 'no-such-ca.pem');
    expect(() => settingsChange({ ...none, caFile: missing }, {}, saved)).toThrow(
      new UsageError(`--ca-file: The CA file ${missing} cannot be used: it does not exist.`),
    );
  });
});
