import { execFile } from 'node:child_process';
import { lstat, readlink, symlink, unlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dialog } from 'electron';
import type { Translate } from '../../shared/i18n/translator';
import {
  asAdministrator,
  type LinkPlace,
  linkShellScript,
  SHELL_COMMAND_LINK,
  shellCommandQuestion,
  shellCommandStep,
  shellCommandTarget,
} from '../desktop/shell-command';
import type { Logger } from '../logging/logger';

async function linkPlace(link: string): Promise<LinkPlace> {
  try {
    const stats = await lstat(link);
    return stats.isSymbolicLink() ? { kind: 'link', to: await readlink(link) } : { kind: 'other' };
  } catch {
    return { kind: 'missing' };
  }
}

/** Makes the link as this user; where that is not allowed, through macOS's administrator prompt. */
async function makeLink(link: string, target: string): Promise<void> {
  try {
    await unlink(link).catch(() => undefined);
    await symlink(target, link);
  } catch {
    await promisify(execFile)('osascript', ['-e', asAdministrator(linkShellScript(link, target))]);
  }
}

/**
 * App menu › Install 'photo-uploader' command (macOS): asks in a native dialog, then links
 * /usr/local/bin/photo-uploader to the wrapper in the app (see desktop/shell-command), and says
 * how it went.
 */
export async function installShellCommand(t: Translate, logger: Logger): Promise<void> {
  const question = shellCommandQuestion(t);
  const answer = await dialog.showMessageBox({
    type: 'question',
    message: question.message,
    detail: question.detail,
    buttons: [...question.buttons],
    cancelId: question.cancelIndex,
    defaultId: 1,
    noLink: true,
  });
  if (answer.response === question.cancelIndex) return;
  const target = shellCommandTarget(process.resourcesPath);
  const step = shellCommandStep(await linkPlace(SHELL_COMMAND_LINK), target);
  try {
    if (step === 'refuse') {
      await dialog.showMessageBox({
        type: 'warning',
        message: t('dialog.shellCommand.taken', { link: SHELL_COMMAND_LINK }),
      });
      return;
    }
    if (step === 'link') await makeLink(SHELL_COMMAND_LINK, target);
    await dialog.showMessageBox({ type: 'info', message: t('dialog.shellCommand.installed') });
  } catch (error) {
    logger.error('the shell command could not be installed', { error: String(error) });
    dialog.showErrorBox(t('dialog.shellCommand.message'), t('dialog.shellCommand.failed'));
  }
}
