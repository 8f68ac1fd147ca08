import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planAddPhotos } from '../../../../main/core/add-photos-plan';
import { cleanDescription } from '../../../../main/core/handler-input-checks';
import { DROP_ROOT, intakeRunsOf, photoTakenAt } from '../../../support/template-photos';
import { englishFor } from '../../../../shared/i18n/words';
import { ipcCalls, type IpcInput } from '../../../../shared/ipc/contract';
import { IpcFailure } from '../../../../shared/ipc/dispatcher';

// `queue:add-photos` with a description template: the core renders it per photo (the same for
// the window, the command line and watched folders) and refuses an unknown token before any
// photo is planned.

const photos = new Map([
  [1, photoTakenAt(join(DROP_ROOT, 'North', 'Level 2', 'IMG_1.JPG'), '+09:00')],
  [2, photoTakenAt(join(DROP_ROOT, 'South', 'IMG_2.JPG'), '-05:00')],
  [3, photoTakenAt(join(DROP_ROOT, 'IMG_3.JPG'), '+00:00')],
]);
const runs = intakeRunsOf(photos);

const input = (fields: Partial<IpcInput<'queue:add-photos'>>): IpcInput<'queue:add-photos'> =>
  ipcCalls['queue:add-photos'].parse({
    intakeIds: [1, 2, 3],
    projectId: 'p1',
    description: 'plain',
    internal: false,
    ...fields,
  });

describe('queue:add-photos with a description template', () => {
  it('renders each photo’s own values; a per-photo description still wins', async () => {
    const asked: string[][] = [];
    const plan = await planAddPhotos(
      input({
        descriptionTemplate:
          '<p>{folder} ({path}) {date} {time} {file} {camera}</p>{project}: {tags}',
        tags: ['Inspection'],
        tagsFromFolders: true,
        overrides: [{ intakeId: 3, description: '<b>mine</b>' }],
      }),
      runs,
      cleanDescription,
      (ids) => {
        asked.push([...ids]);
        return Promise.resolve(new Map([['p1', 'Harbour & Tower']]));
      },
    );
    expect(plan.photos.map((item) => item.description)).toEqual([
      '<p>Level 2 (North/Level 2) 2024-05-01 23:30 IMG_1 Canon EOS R6</p>Harbour &amp; Tower: Inspection, North, Level 2',
      '<p>South (South) 2024-05-01 09:30 IMG_2 Canon EOS R6</p>Harbour &amp; Tower: Inspection, South',
      '<b>mine</b>',
    ]);
    // The names are asked once, for the batch's projects.
    expect(asked).toEqual([['p1']]);
  });

  it('names a project by its id when its name cannot be learned, and asks only for {project}', async () => {
    const offline = await planAddPhotos(
      input({ descriptionTemplate: '{project}' }),
      runs,
      cleanDescription,
      () => Promise.reject(new Error('offline')),
    );
    expect(offline.photos.map((item) => item.description)).toEqual(['p1', 'p1', 'p1']);
    let asked = false;
    await planAddPhotos(input({ descriptionTemplate: '{file}' }), runs, cleanDescription, () => {
      asked = true;
      return Promise.resolve(new Map());
    });
    expect(asked).toBe(false);
  });

  it('cleans the rendered HTML by the description policy', async () => {
    const plan = await planAddPhotos(
      input({ descriptionTemplate: '<p onclick="x()">{file}</p><script>1</script>' }),
      runs,
      cleanDescription,
    );
    expect(plan.photos[0]?.description).toBe('<p>IMG_1</p>');
  });

  it('refuses an unknown token, naming it, before any photo is planned', async () => {
    const failure = await planAddPhotos(
      input({ intakeIds: [1, 99], descriptionTemplate: '{folder} {Date} {foo}' }),
      runs,
      cleanDescription,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IpcFailure);
    const words = (failure as IpcFailure).words;
    expect(words && englishFor(words)).toMatch(/^The description template uses \{Date\}, \{foo\},/);
  });
});
