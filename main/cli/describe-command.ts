import { sanitizeDescription } from '../../shared/description/description-policy';
import { printable } from '../../shared/domain/printable-text';
import type { QueueItemView } from '../../shared/ipc/views';
import { type CliContext, type CommandOutput, CommandFailed, UsageError } from './cli-context';
import { descriptionFromFlag } from './description-flag';
import { signInWords } from './session-words';
import { sync } from './sync-command';

/**
 * `describe PHOTO_ID… --description HTML [--base HTML]`: queues the same description edit of
 * each photo, then syncs. Without `--base`, the description the service has now is the base, and
 * is shown (the text the edit replaces). An edit held for a conflict is said with the commands
 * that settle it (`retry ID --keep-mine | --take-theirs | --description HTML`).
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
  const queued: number[] = [];
  for (const photoId of new Set(options.photoIds)) {
    let base = givenBase;
    if (base === undefined) {
      // What the service has now is what the user started from; offline, no conflict check is possible.
      try {
        base = (await context.call('photos:get', { photoId })).description;
        // The user did not say what they started from: show what this edit replaces.
        out.stdout.write(
          `Photo ${printable(photoId)} has the description now: ${base === '' ? '(none)' : printable(base)}\n`,
        );
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
    queued.push(itemId);
  }
  if (signInNeeded) return 1;
  if (options.queueOnly) return 0;
  const code = await sync(context, out);
  if (code !== 0) await sayHowToResolve(context, queued, out);
  return code;
}

/** For each of `itemIds` held for a conflict: what the service has now, and the three ways on. */
async function sayHowToResolve(
  context: CliContext,
  itemIds: readonly number[],
  out: CommandOutput,
): Promise<void> {
  const wanted = new Set(itemIds);
  const { items } = await context.call('queue:snapshot', {});
  for (const item of items) {
    if (!wanted.has(item.id) || !isConflict(item)) continue;
    const theirs = item.serviceDescription ?? '';
    out.stderr.write(
      `Photo ${printable(item.photoId ?? '')}: its description was changed on the Photo Service to: ${theirs === '' ? '(none)' : printable(theirs)}. Keep yours with \`retry ${item.id} --keep-mine\`, take that one with \`retry ${item.id} --take-theirs\`, or write another with \`retry ${item.id} --description HTML\`.\n`,
    );
  }
}

/** A description edit held because the service's description changed since its base. */
function isConflict(item: QueueItemView): boolean {
  return (
    item.kind === 'description' &&
    item.state === 'needs-attention' &&
    item.serviceDescription !== undefined
  );
}
