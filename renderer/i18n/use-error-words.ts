import { useCallback } from 'react';
import { BridgeError } from '../bridge/bridge-error';
import type { Words } from '../../shared/i18n/translator';
import type { IpcErrorCode } from '../../shared/ipc/contract';
import { useT } from './use-t';

/** A call's result that failed, as the bridge answers it (`{ok: false, …}`) without throwing. */
type FailedResult = {
  readonly ok: false;
  readonly code: IpcErrorCode;
  readonly message: string;
  readonly words?: Words | undefined;
};

const isFailedResult = (value: unknown): value is FailedResult =>
  typeof value === 'object' &&
  value !== null &&
  'ok' in value &&
  value.ok === false &&
  'message' in value &&
  typeof value.message === 'string';

/**
 * What went wrong, in the window's language: main's words when it gave them, else its sentence
 * as it is (a failure not yet given as words), else the catalog's "something went wrong" — a
 * stack or a bare `TypeError` never reaches a user. Takes a thrown `BridgeError` or a failed
 * result the bridge answered with (`addDroppedFiles`, `invoke`).
 */
export function useErrorWords(): (error: unknown) => string {
  const t = useT();
  return useCallback(
    (error) => {
      if (error instanceof BridgeError || isFailedResult(error))
        return error.words === undefined ? error.message : t(error.words.key, error.words.values);
      return t('error.unexpected');
    },
    [t],
  );
}
