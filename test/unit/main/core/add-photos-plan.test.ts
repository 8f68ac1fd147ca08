import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planAddPhotos, plannedPhotoView } from '../../../../main/core/add-photos-plan';
import { cleanDescription } from '../../../../main/core/handler-input-checks';
import type { CaptureRule, IntakePhoto } from '../../../../shared/domain/intake';
import { ipcCalls } from '../../../../shared/ipc/contract';
import { words } from '../../../../shared/i18n/words';

// The one plan behind `queue:add-photos` and `queue:plan-photos` (`upload --dry-run`): every photo
// of the call with what would be sent, or why not; what add-photos queues is read off the same
// entries, so the dry run cannot say other than what a real upload does.

const ROOT = '/drop/site';
const RULES: readonly CaptureRule[] = ['offset', 'gps-time', 'gps-zone', 'assumed', 'file-time'];

function photo(n: number, folder: string): IntakePhoto {
  return {
    status: 'photo',
    path: `${ROOT}/${folder}/IMG_${n}.jpg`,
    format: 'jpeg',
    size: 1000 + n,
    capture: {
      capturedAt: 1_714_550_400 + n * 60,
      capturedAtMs: (1_714_550_400 + n * 60) * 1000,
      rule: RULES[n % RULES.length]!,
      zone: n % 2 === 0 ? '+02:00' : 'Europe/Rome',
      wallTime: undefined,
      source: 'DateTimeOriginal',
    },
    coordinates: n % 3 === 0 ? { lat: 45 + n / 100, lon: 9 } : null,
    width: 48,
    height: 32,
    orientation: 1,
    make: 'TestCam',
    model: 'Site',
    md5: n.toString(16).padStart(32, '0'),
    duplicateOf: undefined,
    note: undefined,
  };
}

/** Intake's photos by id, as `IntakeRuns` holds them, all dropped as `ROOT`. */
function runsOf(photos: readonly IntakePhoto[]) {
  return {
    photo: (intakeId: number) => photos[intakeId],
    root: (intakeId: number) => (photos[intakeId] === undefined ? undefined : ROOT),
  };
}

const input = (raw: unknown) => ipcCalls['queue:plan-photos'].parse(raw);

describe('planAddPhotos: what would be sent, per photo', () => {
  it('gives each photo its project, capture time and rule, position, description and tags', async () => {
    const photos = [photo(0, 'Level 1'), photo(1, 'Level 2'), photo(2, 'Level 1')];
    const plan = await planAddPhotos(
      input({
        intakeIds: [0, 1, 2],
        projectId: 'p1',
        description: '<p onclick="x()">North wall</p>',
        internal: true,
        tags: ['Inspection', 'inspection'],
        tagsFromFolders: true,
        overrides: [{ intakeId: 2, description: 'Own words' }],
      }),
      runsOf(photos),
      cleanDescription,
    );
    expect(plan.each.map((entry) => plannedPhotoView(entry))).toEqual([
      {
        intakeId: 0,
        path: `${ROOT}/Level 1/IMG_0.jpg`,
        action: 'send',
        projectId: 'p1',
        capturedAt: 1_714_550_400,
        captureRule: 'offset',
        zone: '+02:00',
        captureSource: 'DateTimeOriginal',
        coordinates: { lat: 45, lon: 9 },
        description: '<p>North wall</p>',
        tags: ['Inspection', 'Level 1'],
        internal: true,
      },
      expect.objectContaining({
        intakeId: 1,
        action: 'send',
        captureRule: 'gps-time',
        zone: 'Europe/Rome',
        coordinates: null,
        tags: ['Inspection', 'Level 2'],
      }),
      expect.objectContaining({ intakeId: 2, action: 'send', description: 'Own words' }),
    ]);
    // What add-photos would queue is exactly what the dry run shows as sent.
    expect(plan.photos.map((item) => item.description)).toEqual([
      '<p>North wall</p>',
      '<p>North wall</p>',
      'Own words',
    ]);
    expect(plan.skipped).toEqual([]);
    // A photo the queue already holds is still what would be sent, with that item named.
    expect(plannedPhotoView(plan.each[0]!, { queuedItemId: 7 })).toMatchObject({
      action: 'send',
      queuedItemId: 7,
    });
    // The project by name where the service named it; never a name for another project.
    expect(
      plannedPhotoView(plan.each[0]!, { projectNames: new Map([['p1', 'Harbor View Tower']]) }),
    ).toMatchObject({ projectId: 'p1', projectName: 'Harbor View Tower' });
    expect(
      plannedPhotoView(plan.each[0]!, { projectNames: new Map([['p2', 'Other']]) }),
    ).not.toHaveProperty('projectName');
  });

  it('says why a photo would not be sent: left out, a subfolder without a project, on the service', async () => {
    const photos = [photo(0, 'Level 1'), photo(1, 'Garage'), photo(2, 'Level 1')];
    const far = words('reason.intake.far', { unit: 'km', distance: 5.6, project: 'Harbor' });
    const plan = await planAddPhotos(
      input({
        intakeIds: [0, 1, 2],
        description: '',
        internal: false,
        subfolderProjects: [{ subfolder: 'Level 1', projectId: 'p1' }],
        leftOut: [{ intakeId: 2, reason: far }],
      }),
      runsOf(photos),
      cleanDescription,
    );
    const onService = await planAddPhotos(
      input({
        intakeIds: [0],
        projectId: 'p1',
        description: '',
        internal: false,
        onService: [{ intakeId: 0, photoId: 'ph-9' }],
      }),
      runsOf(photos),
      cleanDescription,
    );
    expect([...plan.each, ...onService.each].map((entry) => plannedPhotoView(entry))).toEqual([
      expect.objectContaining({ intakeId: 0, action: 'send', projectId: 'p1' }),
      {
        intakeId: 1,
        path: `${ROOT}/Garage/IMG_1.jpg`,
        action: 'skip',
        projectId: undefined,
        reason: words('reason.intake.noProjectForFolder', { folder: 'Garage' }),
      },
      {
        intakeId: 2,
        path: `${ROOT}/Level 1/IMG_2.jpg`,
        action: 'skip',
        projectId: 'p1',
        reason: far,
      },
      {
        intakeId: 0,
        path: `${ROOT}/Level 1/IMG_0.jpg`,
        action: 'on-service',
        projectId: 'p1',
        reason: words('reason.intake.alreadyOnService', { photoId: 'ph-9' }),
        photoId: 'ph-9',
      },
    ]);
    expect(plan.skipped.map((entry) => entry.intakeId)).toEqual([1, 2]);
    expect(onService.notQueued).toEqual([expect.objectContaining({ outcome: 'on-service' })]);
  });

  it('plans each photo once, in order; what add-photos queues and reports is read off the same plan', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('send', 'left-out', 'on-service', 'no-project'), {
          minLength: 1,
          maxLength: 12,
        }),
        async (fates) => {
          const photos = fates.map((fate, n) => photo(n, fate === 'no-project' ? 'Other' : 'A'));
          const ids = fates.map((_, n) => n);
          const plan = await planAddPhotos(
            input({
              intakeIds: ids,
              description: 'd',
              internal: false,
              subfolderProjects: [{ subfolder: 'A', projectId: 'p1' }],
              leftOut: ids
                .filter((n) => fates[n] === 'left-out')
                .map((intakeId) => ({ intakeId, reason: words('reason.intake.notInSubfolder') })),
              onService: ids
                .filter((n) => fates[n] === 'on-service')
                .map((intakeId) => ({ intakeId, photoId: `ph-${intakeId}` })),
            }),
            runsOf(photos),
            cleanDescription,
          );
          const actions = plan.each.map((entry) => plannedPhotoView(entry).action);
          expect(plan.each.map((entry) => entry.intakeId)).toEqual(ids);
          expect(actions).toEqual(
            fates.map((fate) =>
              fate === 'send' ? 'send' : fate === 'on-service' ? 'on-service' : 'skip',
            ),
          );
          expect(plan.intakeIds).toEqual(ids.filter((n) => fates[n] === 'send'));
          expect(plan.photos).toHaveLength(plan.intakeIds.length);
          expect(plan.notQueued).toHaveLength(ids.length - plan.intakeIds.length);
          expect(plan.skipped).toHaveLength(
            fates.filter((fate) => fate === 'left-out' || fate === 'no-project').length,
          );
        },
      ),
    );
  });
});
