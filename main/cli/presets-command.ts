import { afterUploadFlag } from '../../shared/domain/after-upload';
import { entryNamed, type Preset } from '../../shared/domain/presets';
import { printable } from '../../shared/domain/printable-text';
import type { SettingsView } from '../../shared/ipc/views';
import { type CommandOutput, UsageError } from './cli-context';

// `--preset NAME` and `presets`: the saved presets and description templates (issue 26 §1), the
// organisation's and the user's own, as the settings in effect hold them.

/** The commands that take `--preset` (a `watch` puts it in each folder's rule). */
export const PRESET_COMMANDS: ReadonlySet<string> = new Set(['upload', 'watch']);

/**
 * The preset `--preset NAME` names (ignoring case), found before a file is read.
 * @throws UsageError (exit 2) naming it and listing the presets there are.
 */
export function presetFromFlag(name: string, saved: Pick<SettingsView, 'presets'>): Preset {
  const found = entryNamed(saved.presets, name);
  if (found !== undefined) {
    const { managed: _managed, ...preset } = found;
    return preset;
  }
  const names = saved.presets.map((preset) => `"${printable(preset.name)}"`).join(', ');
  throw new UsageError(
    `there is no preset named "${printable(name)}". ${
      names === ''
        ? 'No presets are saved (see the presets command).'
        : `The presets are: ${names}.`
    }`,
  );
}

/** One preset as `presets` prints it: its name, then each field it sets. */
function presetLine(preset: SettingsView['presets'][number]): string {
  const parts = [
    preset.projectId === undefined ? [] : [`project ${printable(preset.projectId)}`],
    preset.tags === undefined ? [] : [`tags ${preset.tags.map(printable).join(', ')}`],
    preset.descriptionTemplate === undefined
      ? []
      : [`template ${printable(preset.descriptionTemplate)}`],
    preset.internal === undefined ? [] : [preset.internal ? 'internal' : 'not internal'],
    preset.afterUpload === undefined
      ? []
      : [`after upload ${printable(afterUploadFlag(preset.afterUpload))}`],
  ].flat();
  const from = preset.managed ? ' [office]' : '';
  return `${printable(preset.name)}${from}  |  ${parts.length === 0 ? 'sets nothing' : parts.join('  |  ')}`;
}

/**
 * `presets [--json]`: the presets and saved description templates in effect, the office's
 * (set by the organisation's policy, marked `[office]`, read-only) first. With `--json`, one
 * object per line: `{"kind":"preset",…}` or `{"kind":"template",…}`, each with `managed`.
 */
export function listPresets(
  saved: Pick<SettingsView, 'presets' | 'descriptionTemplates'>,
  options: { readonly json: boolean },
  out: CommandOutput,
): number {
  if (options.json) {
    for (const preset of saved.presets)
      out.stdout.write(`${JSON.stringify({ kind: 'preset', ...preset })}\n`);
    for (const template of saved.descriptionTemplates)
      out.stdout.write(`${JSON.stringify({ kind: 'template', ...template })}\n`);
    return 0;
  }
  out.stdout.write(saved.presets.length === 0 ? 'No presets.\n' : 'Presets:\n');
  for (const preset of saved.presets) out.stdout.write(`  ${presetLine(preset)}\n`);
  out.stdout.write(
    saved.descriptionTemplates.length === 0
      ? 'No saved description templates.\n'
      : 'Description templates:\n',
  );
  for (const template of saved.descriptionTemplates)
    out.stdout.write(
      `  ${printable(template.name)}${template.managed ? ' [office]' : ''}  |  ${printable(template.template)}\n`,
    );
  return 0;
}
