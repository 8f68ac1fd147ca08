import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateBucket } from '../../../../main/api/pacing';
import { PhotoServiceApi } from '../../../../main/api/photo-service-api';
import { captureWindows, findCopies } from '../../../../main/core/duplicate-lookup';
import { silentLogger } from '../../../../main/logging/logger';
import { systemClock } from '../../../../shared/domain/clock';
import { NORMAL, OddPhotoService, PROCESSING_MS } from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

const MD5 = (n: number) => n.toString(16).padStart(32, '0');
const AT = 1_700_000_000;

describe('captureWindows', () => {
  it('puts capture times within an hour of each other in one window, and no window over a day', () => {
    expect(captureWindows([AT + 7200, AT, AT + 60, AT])).toEqual([
      { start: AT, end: AT + 60 },
      { start: AT + 7200, end: AT + 7200 },
    ]);
    const hourly = Array.from({ length: 30 }, (_, index) => AT + index * 3600);
    const windows = captureWindows(hourly);
    expect(windows).toHaveLength(2);
    for (const window of windows) expect(window.end - window.start).toBeLessThanOrEqual(86_400);
  });
});

describe('findCopies (real API client; loopback fake service)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let api: PhotoServiceApi;
  const put = (id: string, projectId: string, capturedAt: number, md5: string) =>
    service.photos.push({
      id,
      projectId,
      capturedAt,
      md5,
      coordinates: null,
      description: '',
      storedAt: clock.now() - PROCESSING_MS * 2,
    });

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    const limit = { limit: 1_000_000, windowMs: 1000 };
    api = new PhotoServiceApi(
      service.requester(),
      service.baseUrl,
      { writes: new RateBucket(systemClock, limit), reads: new RateBucket(systemClock, limit) },
      clock,
      silentLogger,
    );
  });
  beforeEach(() => service.reset());
  afterAll(async () => {
    await api.close();
    await service.close();
  });

  it("finds the chosen project's copies by capture second and MD5, over several pages", async () => {
    for (let index = 0; index < 150; index += 1) put(String(index), 'p1', AT + index, MD5(index));
    put('999', 'p1', AT + 5, MD5(7)); // the same bytes at another second: not this photo
    const copies = await findCopies(api, () => new Map(), 'p1', [
      { intakeId: 1, md5: MD5(3), capturedAt: AT + 3 },
      { intakeId: 2, md5: MD5(140), capturedAt: AT + 140 },
      { intakeId: 3, md5: MD5(7), capturedAt: AT + 8 },
    ]);
    expect(copies).toEqual([
      { intakeId: 1, photoId: '3', projectId: 'p1', inChosenProject: true },
      { intakeId: 2, photoId: '140', projectId: 'p1', inChosenProject: true },
    ]);
  });

  it('does not match a photo whose hash the service has not given (processing, or no hash field)', async () => {
    put('1', 'p1', AT, MD5(1));
    service.plan = (kind) => (kind === 'list-photos' ? { ...NORMAL, hash: 'missing' } : NORMAL);
    expect(
      await findCopies(api, () => new Map(), 'p1', [{ intakeId: 1, md5: MD5(1), capturedAt: AT }]),
    ).toEqual([]);
  });

  it("flags a copy in another project from this computer's history, never one in the chosen project the service does not have", async () => {
    const history = new Map([
      [
        MD5(1),
        [
          { photoId: '50', projectId: 'p1' },
          { photoId: '60', projectId: 'p2' },
        ],
      ],
    ]);
    expect(
      await findCopies(api, () => history, 'p1', [{ intakeId: 4, md5: MD5(1), capturedAt: AT }]),
    ).toEqual([{ intakeId: 4, photoId: '60', projectId: 'p2', inChosenProject: false }]);
  });
});
