import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitDurability } from '../../../../main/queue/commit-durability';
import { engineRig, writeJpeg, type EngineRig } from '../../../fakes/engine-rig';
import { OddPhotoService } from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

describe('UploadEngine journal durability (real engine and queue; loopback service)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let dir: string;
  let rig: EngineRig;

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    dir = await mkdtemp(join(tmpdir(), 'engine-durability-'));
    rig = await engineRig(service, clock, { concurrency: 3 });
  });
  afterAll(async () => {
    await rig.close();
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes `creating` durably before its create is sent, and relaxes only steps safe to repeat', async () => {
    const files = await Promise.all([1, 2, 3, 4, 5].map((seed) => writeJpeg(dir, seed)));
    rig.queue(files);
    const writes: { state: string | undefined; durability: CommitDurability }[] = [];
    const update = rig.store.update.bind(rig.store);
    rig.store.update = (id, change, durability = 'durable') => {
      writes.push({ state: change.state, durability });
      return update(id, change, durability);
    };
    const durableCreating = () =>
      writes.filter((write) => write.state === 'creating' && write.durability === 'durable').length;
    // At each create the service receives, the journal holds a durable `creating` for it.
    const journaledAtCreate: [creates: number, journaled: number][] = [];
    const plan = service.plan;
    service.plan = (asked) => {
      if (asked === 'create')
        journaledAtCreate.push([journaledAtCreate.length + 1, durableCreating()]);
      return plan(asked);
    };
    await rig.engine.runUntilIdle();

    expect(service.createRequests).toBe(5);
    expect(journaledAtCreate).toHaveLength(5);
    for (const [creates, journaled] of journaledAtCreate)
      expect(journaled).toBeGreaterThanOrEqual(creates);
    const byState = (state: string) =>
      new Set(writes.filter((write) => write.state === state).map((write) => write.durability));
    expect(byState('created')).toEqual(new Set(['durable']));
    expect(byState('staged')).toEqual(new Set(['relaxed']));
    expect(byState('done')).toEqual(new Set(['relaxed']));
  });
});
