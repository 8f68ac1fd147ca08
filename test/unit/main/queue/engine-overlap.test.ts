import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageRequest, Staged } from '../../../../main/staging/photo-host';
import { engineRig, RecordingPhotoHost, writeJpeg } from '../../../fakes/engine-rig';
import { OddPhotoService } from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

// Issue 14 §4, overlap: the next photo is staged while the service is still answering the
// previous photo's create, even with one upload at a time; and staging stops a bounded number
// of photos ahead of the creates.

/** Counts the photos staged, and tells a waiting test each time one is. */
class CountingHost extends RecordingPhotoHost {
  staged = 0;
  onStaged: () => void = () => undefined;

  override async stage(request: StageRequest): Promise<Staged> {
    const staged = await super.stage(request);
    this.staged += 1;
    this.onStaged();
    return staged;
  }
}

describe('the engine stages ahead of the creates', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let host: CountingHost | undefined;

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
  });
  afterAll(() => service.close());

  it(
    'stages photo 2 while photo 1 is being created, with one upload at a time',
    { timeout: 20_000 },
    async () => {
      service.reset();
      const rig = await engineRig(service, clock, { concurrency: 1 }, () => {
        host = new CountingHost(clock);
        return host;
      });
      // The service answers the first create only once the second photo has been staged: an
      // engine that waits for the create before staging again never gets there.
      let secondStaged: () => void = () => undefined;
      const staged = new Promise<void>((resolve) => (secondStaged = resolve));
      host!.onStaged = () => {
        if (host!.staged >= 2) secondStaged();
      };
      let held = false;
      let firstCreate: 'answered after photo 2 was staged' | 'gave up waiting' | undefined;
      service.beforeCreate = async () => {
        if (held) return;
        held = true;
        const timeout = new Promise<'gave up waiting'>((resolve) =>
          setTimeout(() => resolve('gave up waiting'), 5000),
        );
        firstCreate = await Promise.race([
          staged.then(() => 'answered after photo 2 was staged' as const),
          timeout,
        ]);
      };
      const dir = await mkdtemp(join(tmpdir(), 'overlap-'));
      const ids = rig.queue([await writeJpeg(dir, 1), await writeJpeg(dir, 2)]);
      await rig.engine.runUntilIdle();
      expect(firstCreate).toBe('answered after photo 2 was staged');
      for (const id of ids) expect(rig.store.get(id)?.state).toBe('done');
      expect(service.createRequests).toBe(2);
      expect(service.photos).toHaveLength(2);
      await rig.close();
    },
  );

  it('stages at most two photos per lane ahead of their creates', { timeout: 20_000 }, async () => {
    service.reset();
    const rig = await engineRig(service, clock, { concurrency: 1 }, () => {
      host = new CountingHost(clock);
      return host;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Every create waits until the test has seen how far staging went.
    service.beforeCreate = () => released;
    const dir = await mkdtemp(join(tmpdir(), 'overlap-bound-'));
    const files = [];
    for (let seed = 10; seed < 18; seed += 1) files.push(await writeJpeg(dir, seed));
    const ids = rig.queue(files);
    const running = rig.engine.runUntilIdle();
    // Photo 1 is being created; photos 2 and 3 staged; the rest wait.
    await expect.poll(() => host!.staged, { timeout: 5000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(host!.staged).toBe(3);
    expect(rig.store.stagedAhead(100)).toBe(2);
    release();
    await running;
    for (const id of ids) expect(rig.store.get(id)?.state).toBe('done');
    expect(service.createRequests).toBe(8);
    await rig.close();
  });
});
