import { Ban, FileX } from 'lucide-react';
import { useT } from '../../i18n/use-t';
import { Badge } from './Badge';

/**
 * What a file that will not be uploaded is: skipped (not a photo, or left out by a rule) or
 * unreadable. The reason beside it says why.
 */
export function SkippedBadge({ status }: { readonly status: 'skipped' | 'error' }) {
  const t = useT();
  return status === 'skipped' ? (
    <Badge tone="quiet" icon={Ban}>
      {t('intake.badge.skipped')}
    </Badge>
  ) : (
    <Badge tone="danger" icon={FileX}>
      {t('intake.badge.unreadable')}
    </Badge>
  );
}
