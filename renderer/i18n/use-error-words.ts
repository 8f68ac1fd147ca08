import { useCallback } from 'react';
import { BridgeError } from '../bridge/bridge-error';
import { useT } from './use-t';

/**
 * What went wrong, in the window's language: main's words when it gave them, else its sentence
 * as it is (a failure not yet given as words), else the catalog's "something went wrong" — a
 * stack or a bare `TypeError` never reaches a user.
 */
export function useErrorWords(): (error: unknown) => string {
  const t = useT();
  return useCallback(
    (error) => {
      if (error instanceof BridgeError)
        return error.words === undefined ? error.message : t(error.words.key, error.words.values);
      return t('error.unexpected');
    },
    [t],
  );
}
