import type { IpcCallInput, UploaderBridge } from '../../../shared/ipc/bridge';
import { chunksOf, sendPathsInChunks } from '../../../shared/ipc/chunks';
import type { IpcResults } from '../../../shared/ipc/contract';
import { valueOf } from '../../bridge/bridge-error';

/**
 * Takes `paths` in as one intake run, sent in chunks so that a list of any length fits the
 * bridge's per-message bound. Throws a `BridgeError` (what to tell the user) on a refusal.
 */
export async function addPathsInChunks(
  bridge: UploaderBridge<File>,
  paths: readonly string[],
  assumedZone: string,
): Promise<void> {
  const result = await sendPathsInChunks(paths, (chunk) =>
    bridge.invoke('intake:add-paths', { ...chunk, runId: chunk.runId, assumedZone }),
  );
  valueOf(result);
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
    const value = valueOf(result);
    added += value.added;
    alreadyQueued += value.alreadyQueued;
    addedIntakeIds.push(...value.addedIntakeIds);
    skipped.push(...value.skipped);
  }
  return { added, alreadyQueued, addedIntakeIds, skipped };
}
