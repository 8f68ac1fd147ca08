import { posix } from 'node:path';
import type { Translate } from '../../shared/i18n/translator';

// macOS: the optional `photo-uploader` shell command (issue 25), as VS Code offers `code`: the
// app menu's item links /usr/local/bin/photo-uploader to the wrapper inside the app, which runs
// the app's binary as the command line. Decided here; main/app/shell-command.ts does it.

/** Where the command is linked: on every macOS user's PATH. */
export const SHELL_COMMAND_LINK = '/usr/local/bin/photo-uploader';

/** The wrapper inside the app bundle (`Contents/Resources/bin`, from electron-builder.yml). */
export function shellCommandTarget(resourcesPath: string): string {
  return posix.join(resourcesPath, 'bin', 'photo-uploader');
}

/** What is at the link's place now: nothing, a link (to where), or something else. */
export type LinkPlace =
  | { readonly kind: 'missing' }
  | { readonly kind: 'link'; readonly to: string }
  | { readonly kind: 'other' };

/**
 * What installing the command does: nothing when the link is already ours; else link (replacing
 * an older link, as from an app moved elsewhere); never over a file that is not a link (someone
 * else's `photo-uploader`).
 */
export function shellCommandStep(place: LinkPlace, target: string): 'done' | 'link' | 'refuse' {
  if (place.kind === 'other') return 'refuse';
  if (place.kind === 'link' && place.to === target) return 'done';
  return 'link';
}

/** A string in single quotes for sh, as it is. */
const shQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The shell command that makes the link, run with an administrator's rights when the user may
 * not write /usr/local/bin (through `osascript … with administrator privileges`).
 */
export function linkShellScript(link: string, target: string): string {
  return `mkdir -p ${shQuoted(posix.dirname(link))} && ln -sfn ${shQuoted(target)} ${shQuoted(link)}`;
}

/** The AppleScript that runs `script` as an administrator (macOS asks for the password). */
export function asAdministrator(script: string): string {
  return `do shell script "${script.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}" with administrator privileges`;
}

/** The native question before the link is made, in the user's language. */
export function shellCommandQuestion(t: Translate): {
  readonly message: string;
  readonly detail: string;
  readonly buttons: readonly [string, string];
  readonly cancelIndex: 0;
} {
  return {
    message: t('dialog.shellCommand.message'),
    detail: t('dialog.shellCommand.detail', { link: SHELL_COMMAND_LINK }),
    buttons: [t('dialog.cancel'), t('dialog.shellCommand.install')],
    cancelIndex: 0,
  };
}
