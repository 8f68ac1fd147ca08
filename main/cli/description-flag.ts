import { descriptionWasReduced } from '../../shared/description/description-reduced';
import { fittedDescription } from '../../shared/description/description-fit';
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
