import type { AfterUpload } from '../../../shared/domain/after-upload';
import { hasTemplateTokens } from '../../../shared/domain/description-template';
import { entryNamed, nameKey, type Preset, type WithManaged } from '../../../shared/domain/presets';

/** What a batch's details hold that a preset saves (the window's current choices). */
export type PresetFields = {
  readonly projectId: string | undefined;
  readonly tags: readonly string[];
  readonly description: string;
  readonly internal: boolean;
  /** What becomes of the files after upload (see `batchAfterUpload`). */
  readonly afterUpload: AfterUpload;
};

/**
 * What becomes of a batch's files after upload: its own choice in the panel, else the action of
 * the preset it names (the core fills that in when the batch gives none), else leave.
 */
export function batchAfterUpload(own: AfterUpload, preset: Preset | undefined): AfterUpload {
  if (own.kind !== 'leave') return own;
  return preset?.afterUpload ?? own;
}

/**
 * The user's own entries (presets or saved templates), as `settings:set` takes them: the
 * organisation's are not the user's to save (a policy keeps them), so they never go back.
 */
export function ownEntries<T extends { readonly name: string }>(
  entries: readonly WithManaged<T>[],
): Own<T>[] {
  return entries.filter((entry) => !entry.managed).map(({ managed: _managed, ...own }) => own);
}

/** An entry as the user's own list holds it: without the organisation's mark. */
export type Own<T> = Omit<WithManaged<T>, 'managed'>;

/** The user's own presets (see `ownEntries`). */
export const ownPresets = (presets: readonly WithManaged<Preset>[]): Preset[] =>
  ownEntries(presets);

/**
 * A preset named `name` from the batch's fields: only what is chosen (no project, no tags, an
 * empty description, leaving the files where they are, are left out, so that the preset does not
 * decide them).
 */
export function presetFromFields(name: string, fields: PresetFields): Preset {
  return {
    name: name.trim(),
    ...(fields.projectId === undefined ? {} : { projectId: fields.projectId }),
    ...(fields.tags.length > 0 ? { tags: [...fields.tags] } : {}),
    ...(fields.description.trim() === '' ? {} : { descriptionTemplate: fields.description }),
    internal: fields.internal,
    ...(fields.afterUpload.kind === 'leave' ? {} : { afterUpload: fields.afterUpload }),
  };
}

/** Why a preset cannot be saved under `name`, or undefined when it can. */
export type SaveRefusal = 'empty' | 'office';

/** Whether `name` may name the user's own entry (preset or template) among `entries`. */
export function saveRefusal(
  name: string,
  entries: readonly WithManaged<{ readonly name: string }>[],
): SaveRefusal | undefined {
  if (name.trim() === '') return 'empty';
  return entryNamed(entries, name)?.managed === true ? 'office' : undefined;
}

/**
 * The user's own list with `entry` saved: it replaces the user's entry of the same name (ignoring
 * case) in its place, or comes last.
 */
export function withSavedEntry<T extends { readonly name: string }>(
  entries: readonly WithManaged<T>[],
  entry: Own<T>,
): Own<T>[] {
  const own = ownEntries(entries);
  const at = own.findIndex((held) => nameKey(held.name) === nameKey(entry.name));
  return at < 0 ? [...own, entry] : own.map((held, index) => (index === at ? entry : held));
}

/** The user's own presets with `preset` saved (see `withSavedEntry`). */
export const withSavedPreset = (
  presets: readonly WithManaged<Preset>[],
  preset: Preset,
): Preset[] => withSavedEntry(presets, preset);

/** The user's own list without the entry named `name`. */
export function withoutEntry<T extends { readonly name: string }>(
  entries: readonly WithManaged<T>[],
  name: string,
): Own<T>[] {
  return ownEntries(entries).filter((entry) => nameKey(entry.name) !== nameKey(name));
}

/** The user's own list without the preset named `name`. */
export const withoutPreset = (presets: readonly WithManaged<Preset>[], name: string): Preset[] =>
  withoutEntry(presets, name);

/** Why the user's entry `from` cannot be renamed `to`, or undefined when it can. */
export function renameRefusal(
  from: string,
  to: string,
  entries: readonly WithManaged<{ readonly name: string }>[],
): SaveRefusal | 'taken' | undefined {
  if (to.trim() === '') return 'empty';
  const holder = entryNamed(entries, to);
  if (holder === undefined || nameKey(holder.name) === nameKey(from)) return undefined;
  return holder.managed ? 'office' : 'taken';
}

/** The user's own list with the entry `from` named `to` (trimmed), in its place. */
export function withRenamed<T extends { readonly name: string }>(
  entries: readonly WithManaged<T>[],
  from: string,
  to: string,
): Own<T>[] {
  return ownEntries(entries).map((entry) =>
    nameKey(entry.name) === nameKey(from) ? { ...entry, name: to.trim() } : entry,
  );
}

/** What a batch sends for its preset and description (see `batchDescriptionInput`). */
export type BatchDescriptionInput = {
  readonly preset?: string;
  readonly description: string;
  readonly descriptionTemplate?: string;
};

/**
 * What a batch sends for its preset and description: the preset's name (so that its
 * after-upload action applies), and the description as the user sees it. One rule: a
 * description with tokens (known or not, see `hasTemplateTokens`) goes as the template, so that
 * the core renders it for each photo and refuses an unknown token, naming it; any other goes as
 * the description. A batch naming a preset states even an empty description, so that the
 * preset's template never comes back unseen.
 */
export function batchDescriptionInput(
  preset: Preset | undefined,
  description: string,
): BatchDescriptionInput {
  const named = preset === undefined ? {} : { preset: preset.name };
  if (hasTemplateTokens(description))
    return { ...named, description: '', descriptionTemplate: description };
  if (preset !== undefined && description.trim() === '')
    return { ...named, description: '', descriptionTemplate: '' };
  return { ...named, description };
}
