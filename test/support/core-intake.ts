import type { AppCore } from '../../main/core/app-core';
import type { IpcInput } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import type { IntakeBatchView, IntakeItemView } from '../../shared/ipc/views';

/**
 * Takes in `paths` through a core's handlers, as a drop in the window does, and gives back every
 * result of the run once intake says it is done.
 */
export async function takeInThroughCore(
  core: AppCore,
  handlers: IpcHandlers,
  paths: readonly string[],
): Promise<IntakeItemView[]> {
  const items: IntakeItemView[] = [];
  let stopListening: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    stopListening = core.onEvent((event, payload) => {
      if (event !== 'intake:batch') return;
      // The core's own event (typed by its channel), not foreign data.
      const batch = payload as IntakeBatchView;
      items.push(...batch.items);
      if (batch.progress.done) resolve();
    });
  });
  try {
    await handlers['intake:add-paths']({ paths: [...paths], assumedZone: 'UTC', more: false });
    await done;
  } finally {
    stopListening();
  }
  return items;
}

/** `queue:add-photos` for a plain batch: one project, no description, tags or per-photo choices. */
export function plainBatch(intakeIds: number[], projectId: string): IpcInput<'queue:add-photos'> {
  return {
    intakeIds,
    projectId,
    description: '',
    internal: false,
    overrides: [],
    tags: [],
    photoTags: [],
    allowDuplicates: false,
    tagsFromFolders: false,
  };
}
