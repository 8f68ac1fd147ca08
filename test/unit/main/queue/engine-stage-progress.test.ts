import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../../main/queue/queue-store';
import type { StageRequest, Staged } from '../../../../main/staging/photo-host';
import { engineRig, RecordingPhotoHost, writeJpeg } from '../../../fakes/engine-rig';
import { OddPhotoService } from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

// Issue 13 §7, byte progress: what a photo host reports while the bytes stream is written to the
// queue (`bytes_sent`) and told to the engine's listeners, at most four times a second.

/** Reports a count every 100 ms of the test clock while "sending", then stages as the rig's host. */
class StreamingHost extends RecordingPhotoHost {
  constructor(private readonly testClock: TestClock) {
    super(testClock);
  }

  override async stage(request: StageRequest): Promise<Staged> {
    for (let part = 1; part <= 10; part += 1) {
      request.onProgress?.(Math.round((request.size * part) / 10));
      this.testClock.advance(100);
    }
    return super.stage(request);
  }
}

describe('the engine while a photo uploads', () => {
  const clock = new TestClock();
  let service: OddPhotoService;

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
  });
  afterAll(() => service.close());

  it('journals and tells the bytes sent so far, throttled, before the photo is staged', async () => {
    const rig = await engineRig(
      service,
      clock,
      { concurrency: 1 },
      (time) => new StreamingHost(time),
    );
    const seen: QueueItem[] = [];
    rig.engine.onEvent((event) => {
      if (event.type === 'item') seen.push(event.item);
    });
    const file = await writeJpeg(await mkdtemp(join(tmpdir(), 'stage-progress-')), 1);
    const [id] = rig.queue([file]);
    await rig.engine.runUntilIdle();
    const size = rig.store.get(id!)!.size!;
    const whileQueued = seen.filter((item) => item.state === 'queued');
    // Ten counts over a second of sending: every third one (at most four a second) is told.
    expect(whileQueued.map((item) => item.bytes_sent)).toEqual(
      [1, 4, 7, 10].map((part) => Math.round((size * part) / 10)),
    );
    expect(rig.store.get(id!)).toMatchObject({ state: 'done', bytes_sent: size });
    await rig.close();
  });
});
