import { mkdtemp } from 'node:fs/promises';
import { wordsSchema } from '../../../../shared/i18n/words';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../../shared/description/description-policy';
import { sameDescription } from '../../../../shared/description/description-compare';
import { engineRig, writeJpeg } from '../../../fakes/engine-rig';
import {
  type AnswerMode,
  type CallKind,
  NORMAL,
  OddPhotoService,
  PROCESSING_MS,
  PROCESSING_STATUSES,
} from '../../../fakes/odd-photo-service';
import { TestClock } from '../../../fakes/test-clock';

// Issue 22 §2: answers shaped only as the vendor's OpenAPI document requires them. A Photo must
// carry `id`; every other field may be missing, and a description may come back in the
// service's own form of the same HTML. Whatever such a service answers, the uploader never
// creates a photo twice, never calls the user's own edit a conflict, and never leaves an item
// waiting for ever without a word.

/** The optional fields of a Photo (every one but `id`). */
const OPTIONAL_FIELDS = [
  'project_id',
  'processing_status',
  'hash',
  'captured_at',
  'coordinates',
  'description',
  'internal',
  'uris',
] as const;

/** An answer as the document allows it: `{id}` only, or with any subset of the optional fields. */
const documentAnswer: fc.Arbitrary<AnswerMode> = fc.record({
  outcome: fc.constant('ok' as const),
  okStatus: fc.constantFrom(200 as const, 201 as const),
  storedDespiteError: fc.constant(false),
  shape: fc.constantFrom('bare' as const, 'wrapped' as const, 'id-only' as const),
  numericIds: fc.boolean(),
  coordinates: fc.constantFrom('object' as const, 'null' as const, 'missing' as const),
  description: fc.constantFrom('string' as const, 'object' as const, 'null' as const),
  // `processing_error` is left out: a record the service failed to process is, by design,
  // never taken for a copy (it holds no photo), so it would be uploaded again without a note.
  status: fc.constantFrom(
    'true' as const,
    'missing' as const,
    ...PROCESSING_STATUSES.filter((status) => status !== 'processing_error'),
  ),
  hash: fc.constantFrom('true' as const, 'null' as const, 'missing' as const),
  unreadableItem: fc.constant(false),
  omit: fc.subarray([...OPTIONAL_FIELDS]),
});

/** The same HTML in a form a service may keep it in: each transform keeps what a reader sees. */
const TRANSFORMS: Record<string, (html: string) => string> = {
  strong: (html) => html.replace(/<(\/?)b>/g, '<$1strong>').replace(/<(\/?)i>/g, '<$1em>'),
  paragraph: (html) => (html.startsWith('<p>') ? html : `<p>${html}</p>`),
  linkAttributes: (html) => html.replace(/<a href="([^"]*)">/g, '<a rel="nofollow" href="$1">'),
  breaks: (html) => html.replace(/<br \/>/g, '<br>').replace(/<\/p><p>/g, '</p>\n<p>'),
};
const serviceForm: fc.Arbitrary<(html: string) => string> = fc
  .subarray(Object.keys(TRANSFORMS))
  .map((names) => (html: string) => names.reduce((text, name) => TRANSFORMS[name]!(text), html));

/** A description a user writes, through the policy as every front end sends it. */
const userDescription: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('Slab', 'Level 2', 'rebar', 'poured', 'north wall', 'A&B'),
      fc.constantFrom('Slab', 'cured').map((word) => `<b>${word}</b>`),
      fc.constantFrom('wet', 'dry').map((word) => `<i>${word}</i>`),
      fc.constant('<a href="https://drawings.example/s1">S1</a>'),
      fc.constant('<br>'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((parts) =>
    fc.constantFrom(
      parts.join(' '),
      `<p>${parts.join(' ')}</p>`,
      `<p>${parts.join('</p><p>')}</p>`,
    ),
  )
  .map(sanitizeDescription);

describe('UploadEngine property: a service that answers only what its document requires', () => {
  const clock = new TestClock();
  let service: OddPhotoService;
  let files: { path: string; md5: string }[];

  beforeAll(async () => {
    service = await OddPhotoService.start(clock);
    const dir = await mkdtemp(join(tmpdir(), 'engine-document-'));
    files = await Promise.all([1, 2, 3].map((seed) => writeJpeg(dir, 100 + seed)));
  });
  afterAll(() => service.close());

  it('creates each photo at most once, and ends every item done or with a word (lists without hashes included)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentAnswer, { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        // Photos a colleague sent at the same seconds: another photo's bytes, or these.
        fc.array(fc.record({ index: fc.integer({ min: 0, max: 2 }), same: fc.boolean() }), {
          maxLength: 3,
        }),
        fc.boolean(),
        // A service lists photos one way, always: one that leaves out `hash` never gives it.
        documentAnswer,
        async (answers, count, colleagues, loseFirstCreate, listMode) => {
          service.reset();
          for (const { index, same } of colleagues)
            service.photos.push({
              id: String(900 + service.photos.length),
              projectId: 'p1',
              capturedAt: 1_700_000_000 + index,
              md5: same ? files[index]!.md5 : 'c'.repeat(32),
              coordinates: null,
              description: '',
              storedAt: clock.now() - PROCESSING_MS * 2,
            });
          const queue = [...answers];
          let lose = loseFirstCreate;
          service.plan = (kind: CallKind) => {
            // A create whose answer is lost (stored, then the connection dropped): the reconcile.
            if (kind === 'create' && lose) {
              lose = false;
              return { ...NORMAL, outcome: 'lost' };
            }
            if (kind === 'list-photos') return listMode;
            return queue.shift() ?? NORMAL;
          };
          const rig = await engineRig(service, clock, { concurrency: 2 });
          try {
            const ids = rig.queue(files.slice(0, count));
            const stop = AbortSignal.timeout(20_000);
            await rig.engine.runUntilIdle(stop);
            expect(stop.aborted, 'the engine settled by itself').toBe(false);
            for (const file of files.slice(0, count)) {
              const ours = service.photos.filter(
                (photo) => photo.md5 === file.md5 && Number(photo.id) < 900,
              );
              expect(ours.length, 'photos this uploader created per file').toBeLessThanOrEqual(1);
            }
            for (const id of ids) {
              const item = rig.store.get(id)!;
              expect(['done', 'needs-attention']).toContain(item.state);
              if (item.state === 'needs-attention')
                expect(wordsSchema.safeParse(item.reason).success).toBe(true);
            }
            // A colleague's copy is never duplicated in silence: found, or the note says the
            // check could not be made.
            for (const { index, same } of colleagues) {
              const item = index < count ? rig.store.get(ids[index]!)! : undefined;
              if (!same || item?.state !== 'done') continue;
              expect(
                item.found_on_service || item.note === 'duplicate-check-unavailable',
                'a copy uploaded again says so',
              ).toBe(true);
            }
            for (const url of service.requestUrls) expect(url).not.toMatch(/=(&|$)/);
          } finally {
            await rig.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('never calls the user’s own edits a conflict, whatever form the service keeps them in', async () => {
    await fc.assert(
      fc.asyncProperty(
        serviceForm,
        fc.array(fc.record({ description: userDescription, runFirst: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
        }),
        // A description answer says the description as stored (a string or an object), or not
        // at all (the field left out, or `{id}` only).
        fc.array(
          documentAnswer.filter((mode) => mode.description !== 'null'),
          { maxLength: 12 },
        ),
        async (form, edits, describeAnswers) => {
          service.reset();
          const rig = await engineRig(service, clock);
          try {
            rig.queue([files[0]!]);
            await rig.engine.runUntilIdle();
            const photoId = service.photos[0]!.id;
            service.storedForm = form;
            // The description answers vary; reads say the description (the edit needs it).
            const answers = [...describeAnswers];
            service.plan = (kind) =>
              kind === 'describe'
                ? (answers.shift() ?? NORMAL)
                : kind === 'get'
                  ? { ...NORMAL, shape: 'wrapped' }
                  : NORMAL;
            // The user starts from what the window showed, then from each of their own saves.
            let base = sanitizeDescription(service.photos[0]!.description);
            const ids: number[] = [];
            for (const edit of edits) {
              if (edit.runFirst) await rig.engine.runUntilIdle();
              ids.push(rig.store.addDescriptionEdit(photoId, edit.description, base));
              base = edit.description;
            }
            await rig.engine.runUntilIdle(AbortSignal.timeout(20_000));
            for (const id of ids) {
              const item = rig.store.get(id)!;
              expect(
                item.reason?.key ?? '',
                `${item.description} from ${item.base_description}`,
              ).not.toMatch(/Conflict/);
              expect(item.state).toBe('done');
            }
            expect(sameDescription(service.photos[0]!.description, edits.at(-1)!.description)).toBe(
              true,
            );
          } finally {
            await rig.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
