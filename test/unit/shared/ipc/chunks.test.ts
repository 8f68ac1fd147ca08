import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chunksOf, sendPathsInChunks } from '../../../../shared/ipc/chunks';
import { ipcCalls, type IpcResult } from '../../../../shared/ipc/contract';
import { createIpcDispatcher, type IpcHandlers } from '../../../../shared/ipc/dispatcher';

const trusted = { trusted: true };

/** A dispatcher answer read as an intake run (the dispatcher's values are `unknown`). */
function asRun(result: IpcResult<unknown>): IpcResult<{ runId: number | null }> {
  return result.ok
    ? { ok: true, value: z.object({ runId: z.number().nullable() }).parse(result.value) }
    : result;
}

/** Handlers whose `intake:add-paths` records each parsed input and answers run 9. */
function recordingHandlers() {
  const received: { paths: string[]; runId?: number | undefined; more: boolean }[] = [];
  const handlers = Object.fromEntries(
    Object.keys(ipcCalls).map((channel) => [
      channel,
      (input: { paths: string[]; runId?: number; more: boolean }) => {
        received.push(input);
        return Promise.resolve({ runId: 9 });
      },
    ]),
  ) as unknown as IpcHandlers;
  return { handlers, received };
}

describe('calls sent in chunks', () => {
  it('cuts a list into pieces of at most the chunk size, in order', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
  });

  it('are accepted by the dispatcher as one run, while one message stays bounded', async () => {
    const { handlers, received } = recordingHandlers();
    const dispatch = createIpcDispatcher(handlers);
    const paths = Array.from({ length: 100_000 }, (_, index) => `/drop/${index}.jpg`);
    expect(
      await dispatch('intake:add-paths', { paths, assumedZone: 'UTC' }, trusted),
    ).toMatchObject({ ok: false, code: 'bad-input' });
    expect(received).toHaveLength(0);

    const result = await sendPathsInChunks(paths, (chunk) =>
      dispatch('intake:add-paths', { ...chunk, assumedZone: 'UTC' }, trusted).then(asRun),
    );
    expect(result).toEqual({ ok: true, value: { runId: 9 } });
    expect(received).toHaveLength(20);
    expect(received.flatMap((input) => input.paths)).toEqual(paths);
    expect(received[0]).toMatchObject({ runId: undefined, more: true });
    expect(received.slice(1).every((input) => input.runId === 9)).toBe(true);
    expect(received.map((input) => input.more).lastIndexOf(true)).toBe(18);
    expect(received.at(-1)?.more).toBe(false);
  });

  it('stop at the first refusal and sum the unlocated items of a drop', async () => {
    const answers: IpcResult<{ runId: number | null; unlocated: number }>[] = [
      { ok: true, value: { runId: 3, unlocated: 2 } },
      { ok: true, value: { runId: null, unlocated: 5 } },
      { ok: true, value: { runId: 3, unlocated: 1 } },
    ];
    let sent = 0;
    const drop = await sendPathsInChunks(
      ['a', 'b', 'c', 'd', 'e'],
      () => Promise.resolve(answers[sent++]!),
      2,
    );
    expect(drop).toEqual({ ok: true, value: { runId: 3, unlocated: 8 } });

    let calls = 0;
    const refused = await sendPathsInChunks(
      ['a', 'b', 'c'],
      () => {
        calls += 1;
        return Promise.resolve({ ok: false, code: 'bad-input', message: 'No.' } as const);
      },
      1,
    );
    expect(refused).toMatchObject({ ok: false, message: 'No.' });
    expect(calls).toBe(1);
  });
});
