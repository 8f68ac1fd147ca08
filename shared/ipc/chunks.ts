import type { IpcResult } from './contract';

/**
 * How many paths or intake ids one message carries. A drop or a queued batch larger than this is
 * sent as several messages that main joins into one intake run or one batch, so no message
 * across the bridge is unbounded and no user meets a limit. Well under `MAX_PER_MESSAGE`
 * (message-limits.ts), the most one message may carry.
 */
export const CHUNK_SIZE = 5_000;

/** `list` cut into consecutive pieces of at most `size` (none for an empty list). */
export function chunksOf<T>(list: readonly T[], size = CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size)
    chunks.push(list.slice(start, start + size));
  return chunks;
}

/** One message of a chunked intake: its paths, the run to join, and whether more follow. */
export type PathsChunk = {
  readonly paths: string[];
  readonly runId: number | undefined;
  readonly more: boolean;
};

/**
 * Sends `paths` to main in chunks that form one intake run: the first message starts the run,
 * the next ones name it. Stops at the first refusal and returns it; otherwise the last answer,
 * with `unlocated` summed when the answers count unlocated items (a drop).
 */
export async function sendPathsInChunks<T extends { readonly runId: number | null }>(
  paths: readonly string[],
  send: (chunk: PathsChunk) => Promise<IpcResult<T>>,
  chunkSize = CHUNK_SIZE,
): Promise<IpcResult<T>> {
  const chunks = chunksOf(paths, chunkSize);
  let runId: number | undefined;
  let unlocated = 0;
  let last: IpcResult<T> | undefined;
  for (const [index, chunk] of chunks.entries()) {
    last = await send({ paths: chunk, runId, more: index < chunks.length - 1 });
    if (!last.ok) return last;
    runId = last.value.runId ?? runId;
    if ('unlocated' in last.value && typeof last.value.unlocated === 'number')
      unlocated += last.value.unlocated;
  }
  if (last === undefined) return { ok: false, code: 'bad-input', message: 'Nothing was added.' };
  return last.ok && 'unlocated' in last.value
    ? { ok: true, value: { ...last.value, runId: runId ?? null, unlocated } }
    : last;
}
