import { z } from 'zod';
import { afterUploadSchema } from '../domain/after-upload';
import { entryNameSchema } from '../domain/presets';
import { leftOutReasonSchema } from '../i18n/reason-words';
import { html, id, tagList } from './call-inputs';

/** Each subfolder of a dropped folder to its own project, or left out with a reason. */
const subfolderProjectsInput = z
  .array(
    z.union([
      z.object({ subfolder: z.string().min(1).max(255), projectId: id }).strict(),
      z.object({ subfolder: z.string().min(1).max(255), skipReason: leftOutReasonSchema }).strict(),
    ]),
  )
  .max(10_000);

/** The most photos one `queue:preview-descriptions` call describes: a preview shows a few. */
export const MAX_PREVIEWED_PHOTOS = 20;

/**
 * The input of `queue:add-photos` and `queue:plan-photos` (the same plan: one queues, the other
 * only answers): the photos of an intake and what the batch decided for them.
 */
export const addPhotosInput = z
  .object({
    intakeIds: z.array(z.number().int().min(0)).min(1).max(20_000),
    /** The batch's project; may be left out when every subfolder has its own. */
    projectId: id.optional(),
    description: html,
    /**
     * A description template (issue 26 §1, `shared/domain/description-template.ts`): when given,
     * rendered for each photo in place of `description`; a per-photo override still wins. A
     * template naming an unknown token is refused, and nothing is queued.
     */
    descriptionTemplate: html.optional(),
    /**
     * A saved preset's name (issue 26 §1, `shared/domain/presets.ts`): it gives the defaults of
     * the fields this input leaves out (project, tags, description template, internal,
     * after-upload action); what the input states wins. An unknown name is refused, naming it,
     * before anything is queued.
     */
    preset: entryNameSchema.optional(),
    /** Whether the photos are internal; left out: the preset's choice, else not internal. */
    internal: z.boolean().optional(),
    /** Per-photo descriptions that replace the batch's for those photos. */
    overrides: z
      .array(z.object({ intakeId: z.number().int().min(0), description: html }).strict())
      .max(20_000)
      .default([]),
    /** Tags for every photo of the batch; left out: the preset's, else none. */
    tags: tagList.optional(),
    /** Tags for some photos only, added to the batch's. */
    photoTags: z
      .array(z.object({ intakeId: z.number().int().min(0), tags: tagList }).strict())
      .max(20_000)
      .default([]),
    /** Upload even photos the project already has (issue 13: duplicates against the service). */
    allowDuplicates: z.boolean().default(false),
    /** Whether the names of the folders between the dropped folder and each file become tags. */
    tagsFromFolders: z.boolean().default(false),
    /**
     * Each subfolder of the dropped folder to its own project, or left out with a reason. When
     * given, photos of a subfolder not listed are skipped, and say so.
     */
    subfolderProjects: subfolderProjectsInput.optional(),
    /**
     * Photos of the call (also in `intakeIds`) the user chose to leave out, e.g. far from the
     * project, each with its reason (words of `reason.intake.*`): not queued, and listed in
     * the report with that reason.
     */
    leftOut: z
      .array(z.object({ intakeId: z.number().int().min(0), reason: leftOutReasonSchema }).strict())
      .max(20_000)
      .optional(),
    /**
     * Photos of the call (also in `intakeIds`) found on the service before queuing, each with
     * the service's photo that holds its bytes: not queued, and listed in the report as already
     * on the service with that id (issue 22: every file handed over has a line).
     */
    onService: z
      .array(z.object({ intakeId: z.number().int().min(0), photoId: id }).strict())
      .max(20_000)
      .optional(),
    /**
     * Issue 26 §3: what becomes of each queued photo's file once the service holds it: left
     * (the default), moved to a folder (keeping its path under the dropped folder) or trashed.
     */
    afterUpload: afterUploadSchema.optional(),
    /**
     * The folder whose subfolders a move keeps, when not the dropped folder of each photo's
     * intake (a watched folder, whose intake takes files one by one). Photos not under it keep
     * no subfolder.
     */
    afterUploadRoot: z.string().min(1).max(4096).optional(),
  })
  .strict();

/**
 * The input of `queue:preview-descriptions`: a few photos of an intake, the batch's description
 * template, and the batch's project and tag fields as `queue:add-photos` takes them (what the
 * template's `{project}` and `{tags}` read).
 */
export const previewDescriptionsInput = z
  .object({
    intakeIds: z.array(z.number().int().min(0)).min(1).max(MAX_PREVIEWED_PHOTOS),
    descriptionTemplate: html,
    projectId: id.optional(),
    subfolderProjects: subfolderProjectsInput.optional(),
    tags: tagList.optional(),
    photoTags: z
      .array(z.object({ intakeId: z.number().int().min(0), tags: tagList }).strict())
      .max(MAX_PREVIEWED_PHOTOS)
      .default([]),
    tagsFromFolders: z.boolean().default(false),
  })
  .strict();
