import { isSameOrInside } from '../../shared/domain/after-upload';
import { badIgnorePatternWords } from '../../shared/domain/ignore-patterns';
import { templateProblemWords } from '../../shared/domain/description-template';
import type { Preset } from '../../shared/domain/presets';
import type { WatchRule } from '../../shared/domain/watch-rule';
import type { Words } from '../../shared/i18n/translator';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import { batchWithPreset } from '../core/preset-input';

/** A watched folder's rule as its photos are queued, or why none of them can be. */
export type UsableRule =
  | { readonly kind: 'usable'; readonly rule: WatchRule }
  | { readonly kind: 'problem'; readonly problem: Words };

/**
 * The rule the photos of a watched folder are queued with: its preset (if it names one) applied
 * by the core's own `batchWithPreset`, exactly as a batch's preset is (what the rule states
 * wins: its tags when it has some, internal when ticked, its description, template and
 * after-upload action when given). The project is always the rule's own (a rule must have one).
 * A rule that cannot be used as it is — an unknown token in its template, a pattern the
 * uploader does not accept, a preset no longer there, a move into the watched folder itself
 * (the core refuses it for every photo: see `add-photos-plan.ts`) — gives the words saying why, so that the
 * folder says it once instead of failing at every file.
 */
export function usableRule(rule: WatchRule, presets: readonly Preset[]): UsableRule {
  const checked = withPresetOf(rule, presets);
  if (checked.kind === 'problem') return checked;
  const action = checked.rule.afterUpload;
  // Moved into the folder it is watched in, a photo would land there again.
  return action?.kind === 'move' && isSameOrInside(action.folder, rule.path)
    ? { kind: 'problem', problem: words('error.addPhotos.afterUploadInside') }
    : checked;
}

/** `rule` with its preset applied (see `usableRule`), or why it cannot be. */
function withPresetOf(rule: WatchRule, presets: readonly Preset[]): UsableRule {
  const problem =
    (rule.descriptionTemplate === undefined
      ? undefined
      : templateProblemWords(rule.descriptionTemplate)) ?? badIgnorePatternWords(rule.ignore ?? []);
  if (problem !== undefined) return { kind: 'problem', problem };
  if (rule.preset === undefined) return { kind: 'usable', rule };
  try {
    const batch = batchWithPreset(
      {
        intakeIds: [0],
        description: rule.description,
        preset: rule.preset,
        ...(rule.descriptionTemplate === undefined
          ? {}
          : { descriptionTemplate: rule.descriptionTemplate }),
        // A rule always has tags and internal (the schema's defaults): none, and not ticked,
        // leave them to the preset.
        ...(rule.tags.length > 0 ? { tags: [...rule.tags] } : {}),
        ...(rule.internal ? { internal: true } : {}),
        ...(rule.afterUpload === undefined ? {} : { afterUpload: rule.afterUpload }),
        overrides: [],
        photoTags: [],
        allowDuplicates: false,
        tagsFromFolders: false,
      },
      presets,
    );
    return {
      kind: 'usable',
      rule: {
        ...rule,
        tags: batch.tags ?? [],
        internal: batch.internal ?? false,
        ...(batch.descriptionTemplate === undefined
          ? {}
          : { descriptionTemplate: batch.descriptionTemplate }),
        ...(batch.afterUpload === undefined ? {} : { afterUpload: batch.afterUpload }),
      },
    };
  } catch (error) {
    if (error instanceof IpcFailure && error.words !== undefined)
      return { kind: 'problem', problem: error.words };
    throw error;
  }
}
