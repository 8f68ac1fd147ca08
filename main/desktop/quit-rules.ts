import type { Translate } from '../../shared/i18n/translator';

/** Quitting waits this long at most for the steps in flight; the journal makes it safe. */
export const QUIT_WAIT_MS = 10_000;

/**
 * Waits for `work`, but at most `ms`: `timed-out` then (the work goes on in the background and
 * is cut short by the process ending).
 */
export async function withTimeLimit(
  work: Promise<unknown>,
  ms: number,
): Promise<'done' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), ms);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a quit with uploads pending does. */
export type QuitChoice = 'quit' | 'keep-uploading' | 'cancel';

/** The question asked when the user quits with uploads pending. */
export type QuitQuestion = {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  /** In this order: Quit anyway, Keep uploading in the background, Cancel. */
  readonly buttons: readonly [string, string, string];
  readonly choices: readonly [QuitChoice, QuitChoice, QuitChoice];
  readonly cancelIndex: 2;
  readonly checkboxLabel: string;
};

/** The question for `pending` unfinished uploads, in the words of `t`. */
export function quitQuestion(pending: number, t: Translate): QuitQuestion {
  return {
    title: t('dialog.quit.title'),
    message: t('dialog.quit.message', { count: pending }),
    detail: t('dialog.quit.detail'),
    buttons: [t('dialog.quit.quitAnyway'), t('dialog.quit.keepUploading'), t('dialog.cancel')],
    choices: ['quit', 'keep-uploading', 'cancel'],
    cancelIndex: 2,
    checkboxLabel: t('dialog.quit.remember'),
  };
}

/**
 * What a request to quit does: quit at once with nothing pending; the remembered choice if the
 * user asked to be asked no more (and did not reset it in Settings: `ask`); otherwise ask.
 */
export function quitDecision(
  pending: number,
  remembered: 'ask' | 'quit' | 'keep-uploading' | undefined,
): QuitChoice | 'ask' {
  if (pending === 0) return 'quit';
  return remembered ?? 'ask';
}

/** The choice to remember from an answer: only a real choice, never Cancel. */
export function choiceToRemember(
  choice: QuitChoice,
  remember: boolean,
): 'quit' | 'keep-uploading' | undefined {
  return remember && choice !== 'cancel' ? choice : undefined;
}

/**
 * What closing the last window does. On macOS the app keeps running (the platform's way; the
 * Dock icon opens it again). Elsewhere it keeps running in the tray while uploads are pending,
 * and quits when there are none.
 */
export function afterLastWindowClosed(
  platform: NodeJS.Platform,
  pending: number,
): 'quit' | 'keep-running' {
  if (platform === 'darwin') return 'keep-running';
  return pending > 0 ? 'keep-running' : 'quit';
}

/** A desktop notification's words. */
export type NoticeWords = { readonly title: string; readonly body: string };

/** The notice shown the first time the app keeps uploading with its window closed. */
export function stillUploadingNotice(t: Translate): NoticeWords {
  return {
    title: t('notification.stillUploading.title'),
    body: t('notification.stillUploading.body'),
  };
}
