import type { MessageKey } from '../../shared/i18n/catalogs';

// react-intl takes only the catalogs' keys: a typo in an id fails the typecheck.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageKey;
    }
  }
}
