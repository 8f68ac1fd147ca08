import { ignorePatternsSchema } from '../domain/ignore-patterns';
import { afterUploadSchema } from '../domain/after-upload';
import { entryNameSchema } from '../domain/presets';
import { z } from 'zod';
import { awsProfileNameSchema } from '../domain/aws-profile';
import { secureAddressSchema } from '../domain/secure-address';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../domain/tags';

// The pieces the call schemas of `contract.ts` are built from: every string from the renderer
// bounded, every address secure, every photo host as the settings screen may send it.

/** Ids and short strings from the renderer are bounded: nothing unbounded crosses the bridge. */
export const id = z.string().min(1).max(200);
export const html = z.string().max(50_000);
/** Tags as typed: normalized (trimmed, deduplicated) by the core before they are queued. */
export const tagList = z.array(z.string().max(MAX_TAG_LENGTH * 4)).max(MAX_TAGS * 4);

/** A watched folder's rule as the window sends it (never its path: the dialog gives that). */
export const watchRuleInput = z.object({
  project: z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('fixed'),
        projectId: id,
        projectName: z.string().max(500).optional(),
      })
      .strict(),
    z.object({ kind: z.literal('per-subfolder') }).strict(),
  ]),
  description: html.default(''),
  /** A description template, rendered for each photo in place of `description`. */
  descriptionTemplate: html.optional(),
  tags: tagList.default([]),
  tagsFromFolders: z.boolean().default(false),
  internal: z.boolean().default(false),
  /** Per-subfolder: subfolders named like an archived project go to it (the user confirmed). */
  includeArchived: z.boolean().optional(),
  /** Ignore patterns on paths under the folder (see `WatchRule.ignore`); absent: kept as saved. */
  ignore: ignorePatternsSchema.optional(),
  /**
   * What becomes of each photo's file once uploaded (absent: kept as saved; leave: nothing of
   * the rule's own). A move folder not already the rule's must come from the folder dialog.
   */
  afterUpload: afterUploadSchema.optional(),
  /** A saved preset's name (see `WatchRule.preset`); absent: kept as saved; '' removes it. */
  preset: z.union([entryNameSchema, z.literal('')]).optional(),
});
/**
 * Service addresses: https, or plain http only on this computer (a `javascript:` or `file:`
 * address is refused, and so is plain http to another machine), with a reason that names it.
 */
export const httpUrl = secureAddressSchema.pipe(z.url({ protocol: /^https?$/ }));

/**
 * An S3 bucket name by S3's own rules: 3 to 63 lower-case letters, digits, dots and hyphens,
 * starting and ending with a letter or a digit. Anything else no store would accept, and a name
 * with quotation marks or spaces could read as words of its own in the confirmation question.
 */
export const bucketNameSchema = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
  message:
    'A bucket name is 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or a digit.',
});

/**
 * A photo host as the settings screen sends it; S3 keys are optional (kept when left out). With
 * a `profile`, the host's credentials come from that AWS profile and no keys are needed.
 */
export const photoHostInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('s3'),
      endpoint: httpUrl.optional(),
      region: z.string().min(1).max(100),
      bucket: bucketNameSchema,
      prefix: z.string().max(500).default(''),
      pathStyle: z.boolean().default(false),
      accessKeyId: z.string().min(1).max(500).optional(),
      secretAccessKey: z.string().min(1).max(500).optional(),
      /** Credentials from this AWS profile instead of stored keys (left out: the stored keys). */
      profile: awsProfileNameSchema.optional(),
    })
    .strict(),
  z
    .object({ kind: z.literal('published'), root: z.string().min(1).max(4096), urlPrefix: httpUrl })
    .strict(),
]);
