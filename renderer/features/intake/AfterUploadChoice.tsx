import type { AfterUpload } from '../../../shared/domain/after-upload';
import { SPACE } from '../../i18n/inline-space';
import { useT } from '../../i18n/use-t';

/** The last part of a folder path, POSIX or Windows, for showing a chosen folder by name. */
export function folderName(path: string): string {
  const parts = path.split(/[\\/]+/).filter((part) => part.length > 0);
  return parts.at(-1) ?? path;
}

/**
 * Issue 26 §3, the batch's "After upload" choice: leave the files (the default), move them to
 * a folder, or move them to the trash. The folder comes only from the system's folder dialog,
 * which main shows and trusts (`onChooseFolder`; the window never types a path): choosing
 * "Move to a folder…" with no folder yet opens it, and Change opens it again.
 */
export function AfterUploadChoice({
  value,
  onChange,
  onChooseFolder,
  name = 'after-upload',
}: {
  readonly value: AfterUpload;
  /** The radio group's name: its own where several choices share a page (Settings' rules). */
  readonly name?: string;
  readonly onChange: (value: AfterUpload) => void;
  /** Opens the folder dialog; the caller calls `onChange` with the folder chosen, if any. */
  readonly onChooseFolder: () => void;
}) {
  const t = useT();
  const pick = (kind: AfterUpload['kind']) => {
    if (kind === 'move') {
      // A move needs a folder: the dialog asks for it; until one is chosen, nothing changes.
      if (value.kind !== 'move') onChooseFolder();
      return;
    }
    onChange({ kind });
  };
  const options: readonly { kind: AfterUpload['kind']; label: string }[] = [
    { kind: 'leave', label: t('intake.afterUpload.leave') },
    { kind: 'move', label: t('intake.afterUpload.move') },
    { kind: 'trash', label: t('intake.afterUpload.trash') },
  ];
  return (
    <fieldset className="after-upload">
      <legend>{t('intake.afterUpload.legend')}</legend>
      {options.map((option) => (
        <label key={option.kind} className="check-line">
          <input
            type="radio"
            name={name}
            value={option.kind}
            checked={value.kind === option.kind}
            onChange={() => pick(option.kind)}
          />
          {option.label}
        </label>
      ))}
      {value.kind === 'move' ? (
        <p className="after-upload-folder">
          <span title={value.folder}>
            {t('intake.afterUpload.folder', { name: folderName(value.folder) })}
          </span>
          {SPACE}
          <button type="button" onClick={onChooseFolder}>
            {t('intake.afterUpload.change')}
          </button>
        </p>
      ) : null}
      <p className="muted">{t(`intake.afterUpload.explain.${value.kind}`)}</p>
    </fieldset>
  );
}
