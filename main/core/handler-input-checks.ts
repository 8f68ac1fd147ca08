import { fittedDescription } from '../../shared/description/description-fit';
import { MAX_DESCRIPTION_LENGTH } from '../../shared/description/description-policy';
import { words } from '../../shared/i18n/words';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { mapTileUrlProblemWords } from '../../shared/domain/map-tiles';
import { templateProblemWords } from '../../shared/domain/description-template';
import { badIgnorePatternWords } from '../../shared/domain/ignore-patterns';
import { zoneProblemWords } from '../settings/setting-values';

// Checks of what a front end sent that more than one group of IPC handlers makes.

/**
 * The description as it will be sent: the service's allowed HTML only, within its length.
 * @throws IpcFailure `bad-input` when the clean description is too long.
 */
export function cleanDescription(raw: string): string {
  return fittedDescription(
    raw,
    () =>
      new IpcFailure(
        'bad-input',
        words('error.description.tooLong', { max: MAX_DESCRIPTION_LENGTH }),
      ),
  );
}

/**
 * Refuses a description template that names an unknown token, before anything is queued or saved.
 * @throws IpcFailure `bad-input`, naming the token.
 */
export function checkDescriptionTemplate(template: string | undefined): void {
  const problem = template === undefined ? undefined : templateProblemWords(template);
  if (problem !== undefined) throw new IpcFailure('bad-input', problem);
}

/** @throws IpcFailure `bad-input`, naming the first bad pattern and why, unless each is accepted. */
export function checkIgnorePatterns(patterns: readonly string[]): void {
  const problem = badIgnorePatternWords(patterns);
  if (problem !== undefined) throw new IpcFailure('bad-input', problem);
}

/** @throws IpcFailure `bad-input` unless `zone` is an IANA zone this app knows. */
export function checkZone(zone: string): void {
  const problem = zoneProblemWords(zone);
  if (problem !== undefined) throw new IpcFailure('bad-input', problem);
}

/** @throws IpcFailure `bad-input`, saying what is wrong, unless `template` is a usable tile address. */
export function checkMapTileUrl(template: string): void {
  const problem = mapTileUrlProblemWords(template);
  if (problem !== undefined) throw new IpcFailure('bad-input', problem);
}
