/**
 * Saved description templates and presets (issue 26 §1): named, kept in the settings, and
 * provided by an organisation's policy too. The rules, the same for the window, the command line
 * and watched folders:
 *
 * - A name is 1 to 80 characters once trimmed, unique in its list ignoring case.
 * - A template (saved, or a preset's) is checked like `--description-template`: an unknown token
 *   is refused, naming it.
 * - The organisation's entries (managed) and the user's own live side by side; on a name clash
 *   the organisation's entry wins and the user's is not offered.
 * - A preset gives defaults for a batch: project, tags, description template, internal and the
 *   after-upload action. Whatever the batch states itself wins.
 */
import { z } from 'zod';
import { afterUploadSchema } from './after-upload';
import { parseDescriptionTemplate, unknownTokenWords } from './description-template';
import { MAX_TAG_LENGTH, MAX_TAGS } from './tags';

/** The most saved templates, and the most presets, a list holds. */
export const MAX_NAMED_ENTRIES = 100;
/** The longest name of a saved template or preset (characters, once trimmed). */
export const MAX_ENTRY_NAME_LENGTH = 80;
/** The longest saved template (the service's own limit on a description). */
export const MAX_SAVED_TEMPLATE_LENGTH = 10_000;

/** A name of a saved template or preset: trimmed, 1 to 80 characters. */
export const entryNameSchema = z.string().trim().min(1).max(MAX_ENTRY_NAME_LENGTH);

/** A description template that names only known tokens (the refusal names the unknown ones). */
export const templateTextSchema = z
  .string()
  .max(MAX_SAVED_TEMPLATE_LENGTH)
  .superRefine((template, context) => {
    const parsed = parseDescriptionTemplate(template);
    if (!parsed.ok)
      context.addIssue({
        code: 'custom',
        message: `the template uses ${parsed.unknown.join(', ')}, which is not a token`,
        // Said by name wherever the issue is (a policy's problem, a call's bad input).
        params: { words: unknownTokenWords(parsed.unknown) },
      });
  });

/** A description template saved under a name. */
export const savedTemplateSchema = z
  .object({ name: entryNameSchema, template: templateTextSchema })
  .strict();

/** A saved description template (see `savedTemplateSchema`). */
export type SavedTemplate = z.output<typeof savedTemplateSchema>;

/** A named set of defaults for a batch; every field may be left out. */
export const presetSchema = z
  .object({
    name: entryNameSchema,
    projectId: z.string().min(1).max(200).optional(),
    tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).max(MAX_TAGS).optional(),
    descriptionTemplate: templateTextSchema.optional(),
    internal: z.boolean().optional(),
    afterUpload: afterUploadSchema.optional(),
  })
  .strict();

/** A preset (see `presetSchema`). */
export type Preset = z.output<typeof presetSchema>;

/** The key names are compared by: a name's letters in one case. */
export const nameKey = (name: string): string => name.trim().toLocaleLowerCase('en');

/** The first name of `entries` used twice (ignoring case), or undefined. */
export function repeatedName(entries: readonly { readonly name: string }[]): string | undefined {
  const seen = new Set<string>();
  for (const { name } of entries) {
    const key = nameKey(name);
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return undefined;
}

/** A list of named entries: at most 100, each name once (ignoring case). */
function namedList<T extends z.ZodType<{ name: string }>>(entry: T) {
  return z
    .array(entry)
    .max(MAX_NAMED_ENTRIES)
    .superRefine((entries, context) => {
      const repeated = repeatedName(entries);
      if (repeated !== undefined)
        context.addIssue({ code: 'custom', message: `the name "${repeated}" is used twice` });
    });
}

/** The saved templates of one list (the user's own, or the organisation's). */
export const savedTemplatesSchema = namedList(savedTemplateSchema);
/** The presets of one list (the user's own, or the organisation's). */
export const presetsSchema = namedList(presetSchema);

/** An entry with whether the organisation provides it (read-only, wins on a name clash). */
export type WithManaged<T> = T & { readonly managed: boolean };

/**
 * The organisation's entries first, then the user's own whose names none of them take (ignoring
 * case): the list every front end offers.
 */
export function mergedEntries<T extends { readonly name: string }>(
  managed: readonly T[],
  own: readonly T[],
): WithManaged<T>[] {
  const taken = new Set(managed.map((entry) => nameKey(entry.name)));
  return [
    ...managed.map((entry) => ({ ...entry, managed: true })),
    ...own
      .filter((entry) => !taken.has(nameKey(entry.name)))
      .map((e) => ({ ...e, managed: false })),
  ];
}

/**
 * The user's own list to save from `given` (what a front end sends: the user's entries it was
 * shown), keeping the user's saved entries that an organisation's entry of the same name hides.
 * No front end is shown those, so their absence from `given` is never a choice to delete them;
 * they come back into view if the organisation drops its entry.
 */
export function withHiddenEntriesKept<T extends { readonly name: string }>(
  given: readonly T[],
  saved: readonly T[],
  managed: readonly { readonly name: string }[],
): T[] {
  const office = new Set(managed.map((entry) => nameKey(entry.name)));
  const named = new Set(given.map((entry) => nameKey(entry.name)));
  const hidden = saved.filter(
    (entry) => office.has(nameKey(entry.name)) && !named.has(nameKey(entry.name)),
  );
  return [...given, ...hidden];
}

/** The entry named `name` (ignoring case and surrounding spaces), or undefined. */
export function entryNamed<T extends { readonly name: string }>(
  entries: readonly T[],
  name: string,
): T | undefined {
  const key = nameKey(name);
  return entries.find((entry) => nameKey(entry.name) === key);
}

/** What a batch states itself, each field undefined when it states nothing. */
export type BatchChoices = {
  readonly projectId?: string | undefined;
  readonly tags?: readonly string[] | undefined;
  readonly description?: string | undefined;
  readonly descriptionTemplate?: string | undefined;
  readonly internal?: boolean | undefined;
  readonly afterUpload?: z.output<typeof afterUploadSchema> | undefined;
};

/** A batch's choices with the preset's defaults filled in: what the batch states wins. */
export type ChosenWithPreset = {
  readonly projectId: string | undefined;
  readonly tags: readonly string[];
  readonly descriptionTemplate: string | undefined;
  readonly internal: boolean;
  readonly afterUpload: z.output<typeof afterUploadSchema> | undefined;
};

/**
 * Fills in what the batch leaves open from `preset`: a project, tags, internal and an
 * after-upload action when the batch gives none, and the preset's description template when the
 * batch gives neither a template nor a description of its own.
 */
export function withPreset(batch: BatchChoices, preset: Preset | undefined): ChosenWithPreset {
  const ownDescription = batch.description !== undefined && batch.description.trim() !== '';
  return {
    projectId: batch.projectId ?? preset?.projectId,
    tags: batch.tags ?? preset?.tags ?? [],
    descriptionTemplate:
      batch.descriptionTemplate ?? (ownDescription ? undefined : preset?.descriptionTemplate),
    internal: batch.internal ?? preset?.internal ?? false,
    afterUpload: batch.afterUpload ?? preset?.afterUpload,
  };
}
