import type { IpcCallInput, UploaderBridge } from '../../../shared/ipc/bridge';
import { chunksOf, sendPathsInChunks } from '../../../shared/ipc/chunks';
import type { IpcResults } from '../../../shared/ipc/contract';

/**
 * Takes `paths` in as one intake run, sent in chunks so that a list of any length fits the
 * bridge's per-message bound. Throws an Error with the user's message on a refusal.
 */
export async function addPathsInChunks(
  bridge: UploaderBridge<File>,
  paths: readonly string[],
  assumedZone: string,
): Promise<void> {
  const result = await sendPathsInChunks(paths, (chunk) =>
    bridge.invoke('intake:add-paths', { ...chunk, runId: chunk.runId, assumedZone }),
  );
  if (!result.ok) throw new Error(result.message);
}

/**
 * Queues one batch of any size: `queue:add-photos` is called once per chunk of intake ids, each
 * chunk carrying only its own photos' descriptions and tags, and the counts are added up, so the
 * user sees one batch.
 */
export async function addPhotosInChunks(
  bridge: UploaderBridge<File>,
  input: IpcCallInput<'queue:add-photos'>,
): Promise<IpcResults['queue:add-photos']> {
  let added = 0;
  let alreadyQueued = 0;
  const addedIntakeIds: number[] = [];
  const skipped: IpcResults['queue:add-photos']['skipped'][number][] = [];
  for (const intakeIds of chunksOf(input.intakeIds)) {
    const inChunk = new Set(intakeIds);
    const result = await bridge.invoke('queue:add-photos', {
      ...input,
      intakeIds,
      overrides: input.overrides?.filter((entry) => inChunk.has(entry.intakeId)),
      photoTags: input.photoTags?.filter((entry) => inChunk.has(entry.intakeId)),
    });
    if (!result.ok) throw new Error(result.message);
    added += result.value.added;
    alreadyQueued += result.value.alreadyQueued;
    addedIntakeIds.push(...result.value.addedIntakeIds);
    skipped.push(...result.value.skipped);
  }
  return { added, alreadyQueued, addedIntakeIds, skipped };
}
