import { DescriptionEditor } from '../../components/DescriptionEditor';
import { SPACE } from '../../i18n/inline-space';
import { useT } from '../../i18n/use-t';

/** A description for the selected photos only, replacing the batch's for them. */
export function OwnDescriptionPanel({
  selectedCount,
  draft,
  onDraft,
  onUse,
  onCancel,
}: {
  readonly selectedCount: number;
  readonly draft: string;
  readonly onDraft: (draft: string) => void;
  readonly onUse: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  return (
    <div className="own-description" role="group" aria-label={t('intake.ownDescription.group')}>
      <DescriptionEditor
        label={t('intake.ownDescription.label', { count: selectedCount })}
        value={draft}
        onChange={onDraft}
      />
      <button type="button" className="primary" onClick={onUse}>
        {t('intake.ownDescription.use')}
      </button>
      {SPACE}
      <button type="button" onClick={onCancel}>
        {t('intake.ownDescription.cancel')}
      </button>
    </div>
  );
}
