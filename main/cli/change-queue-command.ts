import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import { descriptionFromFlag } from './description-flag';
import { counted, ITEMS } from './count-words';
import { sync } from './sync-command';

/** The queue item id of a command's argument; a usage error when it is not a whole number ≥ 1. */
function itemId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`"${raw}" is not a queue item id`);
  return Number(raw);
}

/** How a description conflict is settled from the command line (see `ConflictChoice`). */
export type ConflictFlags = {
  readonly keepMine: boolean;
  readonly takeTheirs: boolean;
  /** `--description HTML`: other words, cleaned like `describe`'s. */
  readonly description: string | undefined;
};

const NO_CHOICE: ConflictFlags = { keepMine: false, takeTheirs: false, description: undefined };

/**
 * `retry [ID|--all]`, `pause [ID]`, `resume [ID]`, `cancel ID`; `retry ID --keep-mine`,
 * `--take-theirs` or `--description HTML` settles a description conflict (the core call the
 * window's conflict buttons make).
 */
export async function changeQueue(
  context: CliContext,
  action: 'retry' | 'pause' | 'resume' | 'cancel',
  target: { id: string | undefined; all: boolean },
  out: CommandOutput,
  conflict: ConflictFlags = NO_CHOICE,
): Promise<number> {
  const id = itemId(target.id);
  const choices = [conflict.keepMine, conflict.takeTheirs, conflict.description !== undefined];
  if (choices.some(Boolean)) {
    if (action !== 'retry' || id === undefined || choices.filter(Boolean).length > 1)
      throw new UsageError(
        'a conflict is settled with retry ID and one of --keep-mine, --take-theirs or --description HTML',
      );
    return resolve(context, id, conflict, out);
  }
  if (action === 'retry' && id === undefined && !target.all)
    throw new UsageError('retry needs an item id or --all');
  const which = id === undefined ? {} : { itemId: id };
  let changed: number;
  switch (action) {
    case 'retry':
      changed = (await context.call('queue:retry', which)).changed;
      break;
    case 'pause':
      changed = (await context.call('queue:pause', which)).changed;
      break;
    case 'resume':
      changed = (await context.call('queue:resume', which)).changed;
      break;
    case 'cancel':
      if (id === undefined) throw new UsageError('cancel needs an item id');
      changed = (await context.call('queue:cancel', { itemId: id })).cancelled ? 1 : 0;
      break;
  }
  out.stdout.write(`${action}: ${counted(changed, ITEMS)}.\n`);
  return 0;
}

/** `retry ID --keep-mine | --take-theirs | --description HTML`: settles item `id`'s conflict. */
async function resolve(
  context: CliContext,
  id: number,
  flags: ConflictFlags,
  out: CommandOutput,
): Promise<number> {
  if (flags.takeTheirs) {
    await context.call('queue:retry', { itemId: id, resolve: { keep: 'theirs' } });
    out.stdout.write(`Kept the description on the Photo Service; edit ${id} is not sent.\n`);
    return 0;
  }
  const resolveWith =
    flags.description === undefined
      ? { keep: 'mine' as const }
      : { description: descriptionFromFlag(flags.description, out) };
  await context.call('queue:retry', { itemId: id, resolve: resolveWith });
  out.stdout.write(`Edit ${id} is queued again, over the description on the Photo Service.\n`);
  return sync(context, out);
}
