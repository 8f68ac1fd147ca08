import type { Words } from '../../shared/i18n/translator';
import type { IpcErrorCode, IpcResult } from '../../shared/ipc/contract';

/**
 * A call main refused or could not do, as the window throws it: `message` is main's English,
 * `words` the same in any language when main gave them (say it with `useErrorWords`).
 */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';

  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly words: Words | undefined,
  ) {
    super(message);
  }
}

/** The value of a call, or its failure thrown as a {@link BridgeError}. */
export function valueOf<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new BridgeError(result.code, result.message, result.words);
  return result.value;
}
