import { printable } from '../../shared/domain/printable-text';
import type { Translate, Words } from '../../shared/i18n/translator';
import type { ConfirmationQuestion } from './sensitive-change';

/** A setup file about to be applied, as the user is asked about it. */
export type SetupToConfirm = {
  /** The file's name (no folder), as the user knows it. */
  readonly name: string;
  /** What it sets, one line each (`setupSummaryWords`): no secret's value. */
  readonly summary: readonly Words[];
};

/** The file's name as the dialog shows it: printable, cut to 80 characters. */
function shownName(name: string): string {
  const shown = printable(name);
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

/**
 * The native confirmation before a setup file is applied, in the words of `t`: what it sets, and
 * that it came from whoever sent it. Cancel is first, the default and the escape.
 */
export function setupQuestion(setup: SetupToConfirm, t: Translate): ConfirmationQuestion {
  return {
    title: t('dialog.setup.title'),
    message: t('dialog.setup.message', { name: shownName(setup.name) }),
    detail: [
      setup.summary.map((line) => t(line.key, line.values)).join('\n'),
      t('dialog.setup.detail'),
    ].join('\n\n'),
    buttons: [t('dialog.cancel'), t('dialog.setup.apply')],
    confirmIndex: 1,
    cancelIndex: 0,
  };
}
