import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planAddPhotos } from '../../../../main/core/add-photos-plan';
import { previewDescriptions } from '../../../../main/core/description-preview';
import { cleanDescription } from '../../../../main/core/handler-input-checks';
import { DROP_ROOT, intakeRunsOf, photoTakenAt } from '../../../support/template-photos';
import { englishFor } from '../../../../shared/i18n/words';
import { ipcCalls } from '../../../../shared/ipc/contract';
import { IpcFailure } from '../../../../shared/ipc/dispatcher';

// `queue:preview-descriptions`: the window's per-photo preview of a template is the plan's own
// rendering (the same function), bounded to a few photos, and never fails for a batch that has
// no project yet.

const photos = new Map([
  [1, photoTakenAt(join(DROP_ROOT, 'North', 'IMG_1.JPG'), '+09:00')],
  [2, photoTakenAt(join(DROP_ROOT, 'South', 'IMG_2.JPG'), '-05:00')],
]);
const runs = intakeRunsOf(photos);
const names = () => Promise.resolve(new Map([['p1', 'Harbour & Tower']]));
const preview = (raw: unknown) => ipcCalls['queue:preview-descriptions'].parse(raw);
const TEMPLATE = '<p>{folder}, {date} {time}</p><script>x</script>{project}: {tags}';

describe('queue:preview-descriptions', () => {
  it('gives each photo exactly the description queue:add-photos sends', async () => {
    const fields = { intakeIds: [1, 2], projectId: 'p1', tags: ['Visit'], tagsFromFolders: true };
    const shown = await previewDescriptions(
      preview({ ...fields, descriptionTemplate: TEMPLATE }),
      runs,
      cleanDescription,
      names,
    );
    const plan = await planAddPhotos(
      ipcCalls['queue:add-photos'].parse({
        ...fields,
        description: '',
        descriptionTemplate: TEMPLATE,
        internal: false,
      }),
      runs,
      cleanDescription,
      names,
    );
    expect(shown.photos).toEqual([
      {
        intakeId: 1,
        fileName: 'IMG_1.JPG',
        description: '<p>North, 2024-05-01 23:30</p>Harbour &amp; Tower: Visit, North',
      },
      {
        intakeId: 2,
        fileName: 'IMG_2.JPG',
        description: '<p>South, 2024-05-01 09:30</p>Harbour &amp; Tower: Visit, South',
      },
    ]);
    expect(shown.photos.map((entry) => entry.description)).toEqual(
      plan.photos.map((item) => item.description),
    );
  });

  it('renders {project} empty when the batch has no project yet, and does not fail', async () => {
    const shown = await previewDescriptions(
      preview({ intakeIds: [2], descriptionTemplate: '[{project}] {file}' }),
      runs,
      cleanDescription,
      names,
    );
    expect(shown.photos).toEqual([{ intakeId: 2, fileName: 'IMG_2.JPG', description: '[] IMG_2' }]);
  });

  it('refuses an unknown token, naming it, and a photo no longer known', async () => {
    const unknown = await previewDescriptions(
      preview({ intakeIds: [1], descriptionTemplate: '{folder} {site}' }),
      runs,
      cleanDescription,
      names,
    ).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(IpcFailure);
    expect((unknown as IpcFailure).code).toBe('bad-input');
    const said = (unknown as IpcFailure).words;
    expect(said && englishFor(said)).toMatch(/\{site\}/);
    const gone = await previewDescriptions(
      preview({ intakeIds: [7], descriptionTemplate: '{folder}' }),
      runs,
      cleanDescription,
      names,
    ).catch((error: unknown) => error);
    expect((gone as IpcFailure).code).toBe('bad-input');
  });

  it('takes a few photos only', () => {
    const many = Array.from({ length: 21 }, (_, index) => index);
    expect(() => preview({ intakeIds: many, descriptionTemplate: '{file}' })).toThrow();
    expect(() => preview({ intakeIds: [1], descriptionTemplate: 'x'.repeat(50_001) })).toThrow();
  });
});
