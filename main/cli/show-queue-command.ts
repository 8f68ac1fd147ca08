import { itemNoteWords } from '../../shared/domain/item-note';
import { printable } from '../../shared/domain/printable-text';
import { englishFor } from '../../shared/i18n/words';
import type { CliContext, CommandOutput } from './cli-context';
import { countStates, itemName, summary } from './queue-lines';

/** `queue [--json]`: what is queued and in which state. */
export async function showQueue(
  context: CliContext,
  options: { json: boolean },
  out: CommandOutput,
): Promise<number> {
  const { items, pausedAll } = await context.call('queue:snapshot', {});
  const counts = countStates(items);
  if (options.json) {
    out.stdout.write(
      `${JSON.stringify({
        paused_all: pausedAll,
        counts,
        items: items.map((item) => ({
          id: item.id,
          kind: item.kind,
          state: item.state,
          paused: item.paused,
          // English, as every line of the command line (issue 24 §2), and its code for scripts.
          reason: item.reason === undefined ? null : englishFor(item.reason),
          reason_code: item.reason?.key ?? null,
          note: item.note ?? null,
          path: item.path ?? null,
          project_id: item.projectId ?? null,
          photo_id: item.photoId ?? null,
          md5: item.md5 ?? null,
          already_on_service: item.alreadyOnService === true,
        })),
      })}\n`,
    );
    return 0;
  }
  for (const item of items) {
    // A note (uploaded without the duplicate check) is said where a reason would be.
    const said =
      item.reason !== undefined
        ? englishFor(item.reason)
        : item.note === undefined
          ? undefined
          : itemNoteWords(item.note);
    out.stdout.write(
      `${String(item.id).padStart(5)} ${item.state.padEnd(15)}${item.paused ? ' (paused)' : ''} ${itemName(item)}${said ? `: ${printable(said)}` : ''}\n`,
    );
  }
  out.stdout.write(`${summary(counts)}\n`);
  if (pausedAll)
    out.stdout.write('All uploads are paused, also photos added now; `resume` lifts it.\n');
  return 0;
}
