import { badIgnorePatternWords } from '../../shared/domain/ignore-patterns';
import { englishFor } from '../../shared/i18n/words';
import { PATH_COMMANDS } from './cli-options';

/**
 * What is wrong with `--ignore` on this command line, in English, or undefined: it is for
 * `upload`, `inspect` and `watch`, and each pattern must be one the uploader accepts. Checked
 * before anything is opened or queued, so a mistyped pattern never lets in what it meant to
 * leave out.
 */
export function ignoreFlagProblem(
  command: string,
  patterns: readonly string[],
): string | undefined {
  if (patterns.length === 0) return undefined;
  if (!PATH_COMMANDS.has(command)) return '--ignore is for upload, inspect and watch';
  const bad = badIgnorePatternWords(patterns);
  return bad === undefined ? undefined : `--ignore: ${englishFor(bad)}`;
}
