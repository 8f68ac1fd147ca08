import { templateProblemWords } from '../../../shared/domain/description-template';
import { sanitizeDescription } from '../../../shared/description/description-policy';
import type { PreviewedDescription } from '../../../shared/ipc/plan-view';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';
import { TemplatePicker } from './TemplatePicker';
import { type PreviewRequest, useDescriptionPreviews } from './use-description-previews';

/**
 * The batch's description (issue 26 §1): the editor with its "Insert token" menu, what is wrong
 * with the template's tokens (said before anything is uploaded) and, for a template, each of the
 * first photos' own description as the core renders it.
 */
export function BatchDescription({
  description,
  setDescription,
  preview,
  photoCount,
}: {
  readonly description: string;
  readonly setDescription: (description: string) => void;
  /** The first photos to upload and the batch's fields their descriptions are rendered with. */
  readonly preview: PreviewRequest | undefined;
  /** How many photos the batch uploads in all. */
  readonly photoCount: number;
}) {
  const t = useT();
  const problem = templateProblemWords(description);
  const photos = useDescriptionPreviews(description, preview);
  return (
    <>
      <TemplatePicker description={description} setDescription={setDescription} />
      <DescriptionEditor
        label={t('intake.details.description')}
        value={description}
        onChange={setDescription}
        tokenMenu
        {...(photos === undefined
          ? {}
          : { preview: <PhotoPreviews photos={photos} more={photoCount - photos.length} /> })}
      />
      {problem ? <p className="details-message">{t(problem.key, problem.values)}</p> : null}
    </>
  );
}

/** Each photo's own description, under its file name; then how many more there are. */
function PhotoPreviews({
  photos,
  more,
}: {
  readonly photos: readonly PreviewedDescription[];
  readonly more: number;
}) {
  const t = useT();
  return (
    <>
      <ul className="preview-photos">
        {photos.map((photo) => (
          <li key={photo.intakeId}>
            <span className="preview-file">{photo.fileName}</span>
            {photo.description === '' ? (
              <div
                className="preview"
                aria-label={t('intake.description.previewPhoto', { file: photo.fileName })}
              >
                <p>
                  <em>{t('editor.preview.empty')}</em>
                </p>
              </div>
            ) : (
              <div
                className="preview"
                aria-label={t('intake.description.previewPhoto', { file: photo.fileName })}
                // Links in the preview are for reading, not for following.
                onClickCapture={(event) => event.preventDefault()}
                // Sanitized again here: the window shows no HTML it did not clean itself.
                dangerouslySetInnerHTML={{ __html: sanitizeDescription(photo.description) }}
              />
            )}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="muted">{t('intake.description.previewMore', { count: more })}</p>
      ) : null}
    </>
  );
}
