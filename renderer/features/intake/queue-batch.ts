import type { AfterUpload } from '../../../shared/domain/after-upload';
import type { IpcCallInput, UploaderBridge } from '../../../shared/ipc/bridge';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { type FarChoice, leftOutReason } from './FarPhotos';
import { farPlan } from './far-plan';
import { addPhotosInChunks } from './queue-in-chunks';
import type { FarFlag } from './use-far-photos';

/** The batch's details that every photo of it shares (tags come per group of photos). */
export type BatchDetailsInput = {
  readonly projectId: string | undefined;
  readonly projectName: string;
  readonly description: string;
  /** The batch's description when it has tokens: rendered for each photo by the core. */
  readonly descriptionTemplate?: string | undefined;
  /** The preset the batch names: it gives what the batch leaves out (its after-upload action). */
  readonly preset?: string | undefined;
  readonly internal: boolean;
  /** What becomes of each photo's file once the service holds it (issue 26 §3). */
  readonly afterUpload: AfterUpload;
  readonly allowDuplicates: boolean;
  /** Photos with a description of their own, by intake id. */
  readonly overrides: ReadonlyMap<number, string>;
  /** The tag fields of `queue:add-photos` for a group of photos (useBatchTags' `input`). */
  readonly tagsFor: (
    photos: readonly IntakeItemView[],
  ) => Pick<IpcCallInput<'queue:add-photos'>, 'tags' | 'tagsFromFolders' | 'photoTags'>;
  /** Each subfolder's project, when the batch goes by subfolder. */
  readonly subfolderProjects: IpcCallInput<'queue:add-photos'>['subfolderProjects'] | undefined;
};

/** What is queued: the photos to upload, and what was decided about the others. */
export type QueueBatchInput = BatchDetailsInput & {
  /** Every uploadable photo of the review. */
  readonly uploadable: readonly IntakeItemView[];
  /** The photos to upload (those already on the service left out unless duplicates are allowed). */
  readonly toUpload: readonly IntakeItemView[];
  readonly far: ReadonlyMap<number, FarFlag>;
  readonly farChoice: FarChoice;
  readonly serviceCopies: ReadonlyMap<number, ServiceCopyView>;
};

/** How the queuing went, as the notice after it says. */
export type QueuedCounts = {
  readonly added: number;
  readonly alreadyQueued: number;
  readonly leftOut: number;
  readonly moved: number;
};

/**
 * Queues the review as one batch for the chosen project (far photos left out or moved as the
 * user chose; photos already on the service listed, not uploaded), then each moved group as a
 * batch for its nearest project. Throws what `addPhotosInChunks` throws.
 */
export async function queueBatch(
  bridge: UploaderBridge<File>,
  input: QueueBatchInput,
): Promise<QueuedCounts> {
  const plan = farPlan(input.toUpload, input.far, input.farChoice);
  const batchOf = (
    photos: readonly IntakeItemView[],
    projectId: string | undefined,
  ): IpcCallInput<'queue:add-photos'> => ({
    intakeIds: photos.map((item) => item.intakeId),
    allowDuplicates: input.allowDuplicates,
    ...(projectId === undefined ? {} : { projectId }),
    ...input.tagsFor(photos),
    ...(input.subfolderProjects === undefined
      ? {}
      : { subfolderProjects: input.subfolderProjects }),
    description: input.description,
    ...(input.descriptionTemplate === undefined
      ? {}
      : { descriptionTemplate: input.descriptionTemplate }),
    ...(input.preset === undefined ? {} : { preset: input.preset }),
    internal: input.internal,
    // Leaving the files is the default: a batch that leaves them says nothing.
    ...(input.afterUpload.kind === 'leave' ? {} : { afterUpload: input.afterUpload }),
    overrides: photos
      .filter((item) => input.overrides.has(item.intakeId))
      .map((item) => ({
        intakeId: item.intakeId,
        description: input.overrides.get(item.intakeId) ?? '',
      })),
  });
  const leftOut = plan.leftOut.map(({ intakeId, flag }) => ({
    intakeId,
    reason: leftOutReason(flag, input.projectName),
  }));
  // Photos the project already has are not uploaded, but go with the batch so that the report
  // lists them, with the service's photo (issue 22).
  const onService = input.allowDuplicates
    ? []
    : input.uploadable.flatMap((item) => {
        const copy = input.serviceCopies.get(item.intakeId);
        return copy?.inChosenProject === true
          ? [{ intakeId: item.intakeId, photoId: copy.photoId }]
          : [];
      });
  const stay = batchOf(plan.stay, input.projectId);
  const queued =
    plan.stay.length + onService.length > 0
      ? await addPhotosInChunks(bridge, {
          ...stay,
          intakeIds: [...stay.intakeIds, ...onService.map((copy) => copy.intakeId)],
          ...(leftOut.length > 0 ? { leftOut } : {}),
          ...(onService.length > 0 ? { onService } : {}),
        })
      : { added: 0, alreadyQueued: 0, addedIntakeIds: [], skipped: [] };
  let moved = 0;
  for (const group of plan.moved)
    moved += (await addPhotosInChunks(bridge, batchOf(group.photos, group.projectId))).added;
  return {
    added: queued.added,
    alreadyQueued: queued.alreadyQueued,
    leftOut: queued.skipped.length,
    moved,
  };
}
