import { FolderOpen, Images, ImagePlus } from 'lucide-react';
import { useFilesDraggedOver } from '../../app/use-files-dragged-over';
import { useT } from '../../i18n/use-t';

/**
 * Where photos come in: it invites a drop (the whole window takes it; this area says so, and
 * says "release" while files are dragged over) and offers the open dialogs as buttons. Large
 * while the review is empty, a compact band once photos are in.
 */
export function DropArea({
  compact,
  onChoose,
}: {
  readonly compact: boolean;
  readonly onChoose: (kind: 'files' | 'folder') => void;
}) {
  const t = useT();
  const over = useFilesDraggedOver();
  return (
    <div className="drop-zone intake-drop" data-compact={compact} data-over={over}>
      <ImagePlus aria-hidden="true" className="drop-icon" />
      <div className="drop-words">
        <p className="drop-title">{t(over ? 'intake.drop.release' : 'intake.drop.prompt')}</p>
        {compact ? null : <p className="drop-hint muted">{t('intake.drop.hint')}</p>}
      </div>
      <div className="drop-actions">
        <button type="button" className="primary" onClick={() => onChoose('folder')}>
          <FolderOpen aria-hidden="true" className="view-icon" />
          {t('intake.drop.chooseFolder')}
        </button>
        <button type="button" onClick={() => onChoose('files')}>
          <Images aria-hidden="true" className="view-icon" />
          {t('intake.drop.chooseFiles')}
        </button>
      </div>
    </div>
  );
}
