import { sanitizeDescription } from '../../shared/description/description-policy';
import { printable } from '../../shared/domain/printable-text';
import { type CliContext, type CommandOutput, CommandFailed, UsageError } from './cli-context';
import { descriptionFromFlag } from './description-flag';
import { signInWords } from './session-words';
import { sync } from './sync-command';

/**
 * `describe PHOTO_ID… --description HTML [--base HTML]`: queues the same description edit of
 * each photo, then syncs.
 */
export async function describe(
  context: CliContext,
  options: {
    photoIds: readonly string[];
    description: string | undefined;
    base: string | undefined;
    queueOnly: boolean;
  },
  out: CommandOutput,
): Promise<number> {
  if (options.photoIds.length === 0) throw new UsageError('describe needs at least one photo id');
  if (options.description === undefined) throw new UsageError('describe needs --description HTML');
  const description = descriptionFromFlag(options.description, out);
  const givenBase = options.base === undefined ? undefined : sanitizeDescription(options.base);
  let signInNeeded = false;
  for (const photoId of new Set(options.photoIds)) {
    let base = givenBase;
    if (base === undefined) {
      // What the service has now is what the user started from; offline, no conflict check is possible.
      try {
        base = (await context.call('photos:get', { photoId })).description;
      } catch (error) {
        if (!(error instanceof CommandFailed)) throw error;
        const session = await context.call('session:get', {});
        // The service answered: a lost sign-in is said as such, with how to sign in again.
        out.stderr.write(
          session.state === 'signed-in'
            ? `Note: photo ${printable(photoId)}: ${error.message} The edit is queued and will be sent when the Photo Service can take it.\n`
            : `describe: ${signInWords(session.state, 'run sync')} The edit is queued and kept until then.\n`,
        );
        signInNeeded ||= session.state !== 'signed-in';
      }
    }
    const { itemId } = await context.call('photos:edit-description', {
      photoId,
      description,
      baseDescription: base ?? null,
    });
    out.stdout.write(
      `Queued the description edit of photo ${printable(photoId)} (queue item ${itemId}).\n`,
    );
  }
  if (signInNeeded) return 1;
  if (options.queueOnly) return 0;
  return sync(context, out);
}
