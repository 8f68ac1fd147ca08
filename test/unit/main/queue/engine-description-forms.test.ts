import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QueueItem } from '../../../../main/queue/queue-store';
import { engineRig, writeJpeg, type EngineRig } from '../../../fakes/engine-rig';
import {
  type CallKind,
  NORMAL,
  OddPhotoService,
  type AnswerMode,
} from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

/** A service's own form of HTML: `<b>` kept as `<strong>`, `<i>` as `<em>`, attributes dropped. */
const serviceForm = (html: string) =>
  html
    .replace(/<(\/?)b>/g, '<$1strong>')
    .replace(/<(\/?)i>/g, '<$1em>')
    .replace(/<a [^>]*>/g, '<a>');

describe('UploadEngine: description edits against a service that keeps HTML its own way (issue 22 §2)', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let dir: string;
  let rig: EngineRig;
  const item = (id: number): QueueItem => rig.store.get(id)!;
  const answer = (kind: CallKind, mode: Partial<AnswerMode>) => {
    service.plan = (asked) => (asked === kind ? { ...NORMAL, ...mode } : NORMAL);
  };

  /** Uploads one photo (description `<p>Slab</p>`) and returns its id on the service. */
  const uploaded = async (seed: number): Promise<string> => {
    rig.queue([await writeJpeg(dir, seed)]);
    await rig.engine.runUntilIdle();
    return service.photos.at(-1)!.id;
  };

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    dir = await mkdtemp(join(tmpdir(), 'engine-forms-'));
  });
  beforeEach(async () => {
    service.reset();
    await rig?.close();
    rig = await engineRig(service, clock);
    service.storedForm = serviceForm;
  });
  afterAll(async () => {
    await rig.close();
    await service.close();
  });

  it('takes an edit made after the user’s own applied edit as no conflict: its base is what the service answered', async () => {
    const photoId = await uploaded(1);
    const first = rig.store.addDescriptionEdit(photoId, '<p><b>Level 2</b></p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    expect(item(first).state).toBe('done');
    expect(service.photos[0]!.description).toBe('<p><strong>Level 2</strong></p>');
    // The window still holds what the user saved, in their own form.
    const second = rig.store.addDescriptionEdit(
      photoId,
      '<p><b>Level 3</b></p>',
      '<p><b>Level 2</b></p>',
    );
    expect(item(second).base_description).toBe('<p><strong>Level 2</strong></p>');
    await rig.engine.runUntilIdle();
    expect(item(second)).toMatchObject({ state: 'done', reason: null });
    expect(service.photos[0]!.description).toBe('<p><strong>Level 3</strong></p>');
  });

  it('takes the next of two edits saved back to back as no conflict once the first is applied in the service’s form', async () => {
    const photoId = await uploaded(2);
    const first = rig.store.addDescriptionEdit(photoId, '<p><i>Poured</i></p>', '<p>Slab</p>');
    const second = rig.store.addDescriptionEdit(photoId, '<p><i>Cured</i></p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    expect([item(first).state, item(second).state]).toEqual(['done', 'done']);
    expect(service.photos[0]!.description).toBe('<p><em>Cured</em></p>');
  });

  it('rebases an edit saved while the one before it waited on the form the service answered with (a link it kept without its address)', async () => {
    const photoId = await uploaded(5);
    const first = rig.store.addDescriptionEdit(
      photoId,
      '<p><a href="https://drawings.example/">Drawings</a></p>',
      '<p>Slab</p>',
    );
    const second = rig.store.addDescriptionEdit(photoId, '<p>No link</p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    expect(item(second).base_description).toBe('<p><a>Drawings</a></p>');
    expect([item(first).state, item(second).state]).toEqual(['done', 'done']);
    expect(service.photos[0]!.description).toBe('<p>No link</p>');
  });

  it('compares in one normal form when the answer does not say the description (the base is what was sent)', async () => {
    const photoId = await uploaded(3);
    answer('describe', { outcome: 'empty' });
    const first = rig.store.addDescriptionEdit(photoId, '<p><b>Rebar</b></p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    const second = rig.store.addDescriptionEdit(photoId, '<p>Formwork</p>', '<p><b>Rebar</b></p>');
    await rig.engine.runUntilIdle();
    expect([item(first).state, item(second).state]).toEqual(['done', 'done']);
    expect(service.photos[0]!.description).toBe('<p>Formwork</p>');
  });

  it('still holds a real change made on the service since as a conflict', async () => {
    const photoId = await uploaded(4);
    service.photos[0]!.description = '<p><strong>A colleague’s words</strong></p>';
    const edit = rig.store.addDescriptionEdit(photoId, '<p>Mine</p>', '<p>Slab</p>');
    await rig.engine.runUntilIdle();
    expect(item(edit)).toMatchObject({
      state: 'needs-attention',
      service_description: '<p><strong>A colleague’s words</strong></p>',
    });
    expect(service.photos[0]!.description).toBe('<p><strong>A colleague’s words</strong></p>');
  });
});
