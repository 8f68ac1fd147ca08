import { type BrowserWindow, dialog } from 'electron';
import type { ConfirmationQuestion } from '../core/sensitive-change';

/**
 * Asks `question` in the operating system's message box, over the app window when there is one.
 * Only the confirm button confirms; Esc and closing the box answer Cancel.
 */
export async function askInNativeDialog(
  window: BrowserWindow | undefined,
  question: ConfirmationQuestion,
): Promise<boolean> {
  const options: Electron.MessageBoxOptions = {
    type: 'warning',
    title: question.title,
    message: question.message,
    detail: question.detail,
    buttons: [...question.buttons],
    defaultId: question.cancelIndex,
    cancelId: question.cancelIndex,
    noLink: true,
  };
  const answer = window
    ? await dialog.showMessageBox(window, options)
    : await dialog.showMessageBox(options);
  return answer.response === question.confirmIndex;
}
