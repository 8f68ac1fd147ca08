import { templateProblemWords } from '../../../shared/domain/description-template';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';

/**
 * The batch's description (issue 26 §1): the editor, and under it what is wrong with the
 * template's tokens, said before anything is uploaded.
 */
export function BatchDescription({
  description,
  setDescription,
}: {
  readonly description: string;
  readonly setDescription: (description: string) => void;
}) {
  const t = useT();
  const problem = templateProblemWords(description);
  return (
    <>
      <DescriptionEditor
        label={t('intake.details.description')}
        value={description}
        onChange={setDescription}
      />
      {problem ? <p className="details-message">{t(problem.key, problem.values)}</p> : null}
    </>
  );
}
