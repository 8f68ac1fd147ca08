import { descriptionWasReduced } from '../../shared/description/description-reduced';
import { fittedDescription } from '../../shared/description/description-fit';
import { templateProblemWords } from '../../shared/domain/description-template';
import { englishFor } from '../../shared/i18n/words';
import { type CommandOutput, UsageError } from './cli-context';

/**
 * `--description HTML` as it will be sent: the service's allowed HTML only. A note says when
 * something was removed (only then: `<br>` written as `<br />` is the same description).
 * @throws UsageError (exit 2) when the clean description is longer than the service stores.
 */
export function descriptionFromFlag(raw: string | undefined, out: CommandOutput): string {
  const clean = fittedDescription(raw ?? '', (message) => new UsageError(message));
  if (raw !== undefined && descriptionWasReduced(raw))
    out.stderr.write('Note: the description was reduced to the HTML the Photo Service allows.\n');
  return clean;
}

/** The longest description template a flag takes (a watched folder's rule keeps no more). */
const MAX_TEMPLATE_LENGTH = 10_000;

/**
 * `--description-template TEXT` as given, checked before a file is read: its tokens (an unknown
 * one is refused, naming it), its length, and that `--description` is not given too (the
 * template replaces it for every photo). A note says when its HTML will be reduced.
 * @throws UsageError (exit 2) for an unknown token, a template too long, or both flags.
 */
export function descriptionTemplateFromFlag(
  raw: string | undefined,
  description: string | undefined,
  out: CommandOutput,
): string | undefined {
  if (raw === undefined) return undefined;
  if (description !== undefined)
    throw new UsageError('give --description or --description-template, not both');
  const problem = templateProblemWords(raw);
  if (problem !== undefined) throw new UsageError(`--description-template: ${englishFor(problem)}`);
  if (raw.length > MAX_TEMPLATE_LENGTH)
    throw new UsageError(
      `--description-template is too long: at most ${MAX_TEMPLATE_LENGTH} characters are allowed`,
    );
  if (descriptionWasReduced(raw))
    out.stderr.write(
      'Note: the description template will be reduced to the HTML the Photo Service allows.\n',
    );
  return raw;
}
