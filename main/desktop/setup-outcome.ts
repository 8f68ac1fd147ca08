import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { Translate } from '../../shared/i18n/translator';
import type { SetupResultView } from '../../shared/ipc/views';

/** A message box's words (Electron's `MessageBoxOptions`, as plain data). */
export type SetupOutcomeBox = {
  readonly type: 'info' | 'warning';
  readonly title: string;
  readonly message: string;
};

/**
 * What the user is told once a setup file the operating system opened (a double-click) was
 * applied or refused, in the words of `t`; undefined when they cancelled (they know). An
 * unexpected failure is passed to `log` and told in general words.
 */
export async function setupOutcomeBox(
  opening: Promise<SetupResultView>,
  t: Translate,
  log: (error: unknown) => void = () => undefined,
): Promise<SetupOutcomeBox | undefined> {
  try {
    const result = await opening;
    if (!result.applied) return undefined;
    const { name, changes } = result;
    return {
      type: 'info',
      title: t('dialog.setup.applied'),
      // One change a line, as the question before it listed them.
      message:
        name === undefined || changes === undefined
          ? result.message
          : [
              t('setup.savedIn', { name }),
              ...changes.map((change) => t(change.key, change.values)),
            ].join('\n'),
    };
  } catch (error) {
    if (error instanceof IpcFailure)
      return {
        type: 'warning',
        title: t('dialog.setup.notApplied'),
        message: error.words === undefined ? error.message : t(error.words.key, error.words.values),
      };
    log(error);
    return {
      type: 'warning',
      title: t('dialog.setup.notApplied'),
      message: t('dialog.setup.failed'),
    };
  }
}
