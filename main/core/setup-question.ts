import { printable } from '../../shared/domain/printable-text';
import type { ConfirmationQuestion } from './sensitive-change';

/** A setup file about to be applied, as the user is asked about it. */
export type SetupToConfirm = {
  /** The file's name (no folder), as the user knows it. */
  readonly name: string;
  /** What it sets, one line each (`setupSummary`): no secret's value. */
  readonly summary: readonly string[];
};

/** The file's name as the dialog shows it: printable, cut to 80 characters. */
function shownName(name: string): string {
  const shown = printable(name);
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

/**
 * The native confirmation before a setup file is applied: what it sets, and that it came from
 * whoever sent it. Cancel is first, the default and the escape.
 */
export function setupQuestion(setup: SetupToConfirm): ConfirmationQuestion {
  return {
    title: 'Apply a setup file',
    message: `Apply the setup in “${shownName(setup.name)}”?`,
    detail: [
      setup.summary.join('\n'),
      'Apply a setup file only if it came from the people who run your Photo Service (your IT). Nothing is changed if you choose Cancel.',
    ].join('\n\n'),
    buttons: ['Cancel', 'Apply'],
    confirmIndex: 1,
    cancelIndex: 0,
  };
}
