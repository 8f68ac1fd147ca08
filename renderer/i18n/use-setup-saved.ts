import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { SetupResultView } from '../../shared/ipc/views';
import { useT } from './use-t';

/**
 * What an applied setup file set, in one sentence of the window's language: its name, then its
 * changes as the locale lists them. A result without words (an older main) is said as it came.
 */
export function useSetupSaved(): (result: SetupResultView) => string {
  const intl = useIntl();
  const t = useT();
  return useCallback(
    (result) => {
      if (result.name === undefined || result.changes === undefined) return result.message;
      const changes = intl.formatList(
        result.changes.map((change) => t(change.key, change.values)),
        { type: 'unit' },
      );
      return t('setup.saved', { name: result.name, changes });
    },
    [intl, t],
  );
}
