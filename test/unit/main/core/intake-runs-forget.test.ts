import { describe, expect, it } from 'vitest';
import type { IntakeBatchView } from '../../../../shared/ipc/views';
import { IntakeRuns } from '../../../../main/core/intake-runs';
import { silentLogger } from '../../../../main/logging/logger';
import { intakePhoto } from '../../../fakes/intake-photo';

/** Intake runs over a hand-written intake that finds one photo per path (md5 from its name). */
function runsOver(md5Of: (path: string) => string) {
  const batches: IntakeBatchView[] = [];
  const runs = new IntakeRuns(
    {
      run: (paths, _options, onBatch) => {
        const progress = { found: 0, inspected: 0, photos: 0, skipped: 0, errors: 0, done: true };
        onBatch({ items: paths.map((path) => intakePhoto(path, md5Of(path))), progress });
        return Promise.resolve(progress);
      },
    },
    silentLogger,
    (batch) => batches.push(batch),
    () => 1_000_000,
  );
  return { runs, batches };
}

describe('IntakeRuns.forget', () => {
  it('forgets the results a watcher is done with, and keeps the others', async () => {
    const { runs, batches } = runsOver((path) => (path.endsWith('b.jpg') ? 'same' : path));
    runs.start(['/w/a.jpg', '/w/b.jpg'], 'UTC');
    runs.start(['/drop/c.jpg'], 'UTC');
    await runs.idle();
    const [a, b] = batches[0]!.items;
    const [c] = batches[1]!.items;
    runs.forget([a!.intakeId, b!.intakeId]);
    expect(runs.photo(a!.intakeId)).toBeUndefined();
    expect(runs.root(a!.intakeId)).toBeUndefined();
    expect(runs.photo(b!.intakeId)).toBeUndefined();
    expect(runs.thumbnailSource('/w/a.jpg')).toBeUndefined();
    expect(runs.photo(c!.intakeId)?.path).toBe('/drop/c.jpg');
    expect(runs.thumbnailSource('/drop/c.jpg')?.path).toBe('/drop/c.jpg');
  });

  it('keeps a thumbnail servable while another result of the same photo is known', async () => {
    const { runs, batches } = runsOver(() => 'same-bytes');
    runs.start(['/w/first.jpg'], 'UTC');
    runs.start(['/drop/copy.jpg'], 'UTC');
    await runs.idle();
    const first = batches[0]!.items[0]!;
    runs.forget([first.intakeId]);
    expect(runs.thumbnailSource('same-bytes')?.path).toBe('/drop/copy.jpg');
  });
});
