import { entryNamed, type Preset, withPreset } from '../../shared/domain/presets';
import type { IpcInput } from '../../shared/ipc/contract';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import { printable } from '../../shared/domain/printable-text';

/**
 * A `queue:add-photos` input with its preset applied (see `batchWithPreset`); what is still left
 * out is a default of no preset (not internal, no tags).
 */
export type BatchInput = Omit<IpcInput<'queue:add-photos'>, 'preset'>;

/** A name as a message quotes it: printable and short. */
const shownName = (name: string): string =>
  printable(name.length > 80 ? `${name.slice(0, 79)}…` : name);

/**
 * The preset named `name` among `presets` (ignoring case).
 * @throws IpcFailure `bad-input` naming it and listing the presets there are.
 */
export function presetNamed(presets: readonly Preset[], name: string): Preset {
  const preset = entryNamed(presets, name);
  if (preset !== undefined) return preset;
  throw new IpcFailure(
    'bad-input',
    words('error.preset.unknown', {
      name: shownName(name),
      names: presets.map((entry) => `"${shownName(entry.name)}"`).join(', '),
      count: presets.length,
    }),
  );
}

/**
 * `input` with the preset it names applied (see `withPreset`: what the input states wins), or as
 * it is with the defaults of no preset (not internal, no tags).
 * @throws IpcFailure `bad-input` when it names a preset that is not there: nothing is queued.
 */
export function batchWithPreset(
  input: IpcInput<'queue:add-photos'>,
  presets: readonly Preset[],
): BatchInput {
  const { preset: name, ...rest } = input;
  const preset = name === undefined ? undefined : presetNamed(presets, name);
  const chosen = withPreset(input, preset);
  return {
    ...rest,
    ...(chosen.projectId === undefined ? {} : { projectId: chosen.projectId }),
    ...(chosen.descriptionTemplate === undefined
      ? {}
      : { descriptionTemplate: chosen.descriptionTemplate }),
    ...(chosen.afterUpload === undefined ? {} : { afterUpload: chosen.afterUpload }),
    tags: [...chosen.tags],
    internal: chosen.internal,
  };
}
