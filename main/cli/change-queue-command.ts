import { type CliContext, type CommandOutput, UsageError } from './cli-context';

/** The queue item id of a command's argument; a usage error when it is not a whole number ≥ 1. */
function itemId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`"${raw}" is not a queue item id`);
  return Number(raw);
}

/** `retry [ID|--all]`, `pause [ID]`, `resume [ID]`, `cancel ID`. */
export async function changeQueue(
  context: CliContext,
  action: 'retry' | 'pause' | 'resume' | 'cancel',
  target: { id: string | undefined; all: boolean },
  out: CommandOutput,
): Promise<number> {
  const id = itemId(target.id);
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
  out.stdout.write(`${action}: ${changed} item${changed === 1 ? '' : 's'}.\n`);
  return 0;
}
