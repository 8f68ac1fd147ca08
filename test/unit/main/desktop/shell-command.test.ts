import { execFile } from 'node:child_process';
import { mkdtemp, readlink, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { appMenu, type MenuItemModel } from '../../../../main/desktop/app-menu';
import {
  asAdministrator,
  linkShellScript,
  SHELL_COMMAND_LINK,
  shellCommandQuestion,
  shellCommandStep,
  shellCommandTarget,
} from '../../../../main/desktop/shell-command';
import { createTranslator } from '../../../../shared/i18n/translator';
import { needs } from '../../../support/platform-needs';

const run = promisify(execFile);
const TARGET = '/Applications/Photo Uploader.app/Contents/Resources/bin/photo-uploader';

const commandsOf = (items: readonly MenuItemModel[]): string[] =>
  items.flatMap((item) =>
    'command' in item ? [item.command] : 'submenu' in item ? commandsOf(item.submenu) : [],
  );

const needsSymlinks = needs('symlinks');

describe('the photo-uploader shell command on macOS', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is offered in the app menu of the packaged macOS app only', () => {
    const t = createTranslator('en').t;
    expect(commandsOf(appMenu({ platform: 'darwin', packaged: true }, t))).toContain(
      'install-command',
    );
    for (const options of [
      { platform: 'darwin' as const, packaged: false },
      { platform: 'linux' as const, packaged: true },
      { platform: 'win32' as const, packaged: true },
    ])
      expect(commandsOf(appMenu(options, t))).not.toContain('install-command');
  });

  it('links /usr/local/bin/photo-uploader to the wrapper in the app’s resources', () => {
    expect(SHELL_COMMAND_LINK).toBe('/usr/local/bin/photo-uploader');
    expect(shellCommandTarget('/Applications/Photo Uploader.app/Contents/Resources')).toBe(TARGET);
  });

  it('links when missing or pointing elsewhere, is done when ours, never replaces a file', () => {
    expect(shellCommandStep({ kind: 'missing' }, TARGET)).toBe('link');
    expect(shellCommandStep({ kind: 'link', to: '/old/place/photo-uploader' }, TARGET)).toBe(
      'link',
    );
    expect(shellCommandStep({ kind: 'link', to: TARGET }, TARGET)).toBe('done');
    expect(shellCommandStep({ kind: 'other' }, TARGET)).toBe('refuse');
  });

  it('asks first, in the user’s language, Cancel first', () => {
    const question = shellCommandQuestion(createTranslator('de').t);
    expect(question.message).toBe('Den Befehl ‚photo-uploader‘ installieren?');
    expect(question.detail).toContain('/usr/local/bin/photo-uploader');
    expect(question.buttons).toEqual(['Abbrechen', 'Installieren']);
    expect(question.cancelIndex).toBe(0);
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title(
      'the link script makes the folder and the link, and replaces an older link (run for real)',
    ),
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'pu-shell-command-'));
      const link = join(dir, "usr local's bin", 'photo-uploader');
      await run('sh', ['-c', linkShellScript(link, TARGET)]);
      expect(await readlink(link)).toBe(TARGET);
      await rm(link);
      await symlink('/old/place', link);
      await run('sh', ['-c', linkShellScript(link, TARGET)]);
      expect(await readlink(link)).toBe(TARGET);
    },
  );

  it('property: the AppleScript string holds the shell script as it is', () => {
    fc.assert(
      fc.property(fc.string(), (script) => {
        const apple = asAdministrator(script);
        const inner = apple.slice(
          'do shell script "'.length,
          -'" with administrator privileges'.length,
        );
        expect(inner.replace(/\\(["\\])/g, '$1')).toBe(script);
        expect(inner).not.toMatch(/(^|[^\\])(\\\\)*"/);
      }),
    );
  });
});
