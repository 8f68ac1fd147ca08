import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../shared/i18n/catalogs';

/** The paragraphs of Help, each led by its subject in bold (`<b>…</b>` in the message). */
const PARAGRAPHS = [
  'settings.help.logs',
  'settings.help.diagnostics',
  'settings.help.versions',
] as const satisfies readonly MessageKey[];

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * Settings › Help: where the logs and diagnostics are. Both live in the app's Help menu: the
 * window never names a path on this computer.
 */
export function HelpSection() {
  return (
    <>
      {PARAGRAPHS.map((key) => (
        <p key={key}>
          <FormattedMessage id={key} values={{ b: bold }} />
        </p>
      ))}
    </>
  );
}
