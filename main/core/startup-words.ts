import { LockTimeoutError } from '../ownership/file-lock';

/** A native message: its title and its text. */
export type NativeMessage = { readonly title: string; readonly detail: string };

/** What the app says while a command-line process owns the data folder and it waits. */
export const WAITING_FOR_OWNER: NativeMessage = {
  title: 'Photo Uploader is waiting',
  detail:
    'A command-line Photo Uploader (an upload or sync) is using the same data folder. The app opens as soon as it finishes; nothing is lost meanwhile.',
};

/** What the app says when it cannot start, and then quits. */
export function startupFailure(error: unknown): NativeMessage {
  if (error instanceof LockTimeoutError)
    return {
      title: 'Photo Uploader could not start',
      detail:
        'Another Photo Uploader process (an upload or sync on the command line) kept the data folder for too long. Stop it, then start the app again.',
    };
  const reason = error instanceof Error ? error.message : String(error);
  return {
    title: 'Photo Uploader could not start',
    detail: `${reason}\n\nThe details are in the log file in the data folder.`,
  };
}
