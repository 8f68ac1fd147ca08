import { IpcFailure } from '../../shared/ipc/dispatcher';
import type { SetupResultView } from '../../shared/ipc/views';

/** A message box's words (Electron's `MessageBoxOptions`, as plain data). */
export type SetupOutcomeBox = {
  readonly type: 'info' | 'warning';
  readonly title: string;
  readonly message: string;
};

/**
 * What the user is told once a setup file the operating system opened (a double-click) was
 * applied or refused; undefined when they cancelled (they know). An unexpected failure is passed
 * to `log` and told in general words.
 */
export async function setupOutcomeBox(
  opening: Promise<SetupResultView>,
  log: (error: unknown) => void = () => undefined,
): Promise<SetupOutcomeBox | undefined> {
  try {
    const result = await opening;
    return result.applied
      ? { type: 'info', title: 'Setup file applied', message: result.message }
      : undefined;
  } catch (error) {
    if (error instanceof IpcFailure)
      return { type: 'warning', title: 'Setup file not applied', message: error.message };
    log(error);
    return {
      type: 'warning',
      title: 'Setup file not applied',
      message: 'The setup file could not be applied; the problem has been logged.',
    };
  }
}
