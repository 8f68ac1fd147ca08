import { z } from 'zod';
import type { Words } from '../i18n/translator';
import { words } from '../i18n/words';

/**
 * Ignore patterns (issue 26 §2): gitignore-style globs, matched on a file's path under the
 * folder that was dropped (or watched), with `/` between folders on every OS. This module only
 * says whether a pattern is one the uploader accepts; `main/media/ignore-rules.ts` matches.
 */

/** The name of the file of ignore patterns a folder may hold (read like a `.gitignore`). */
export const IGNORE_FILE_NAME = '.photouploaderignore';

/** The longest pattern accepted (a path, with room for globs). */
export const MAX_IGNORE_PATTERN_LENGTH = 1000;

/** The most patterns one command line, intake call or watched folder's rule carries. */
export const MAX_IGNORE_PATTERNS = 200;

/**
 * Why a pattern is refused: the `problem` of the `error.intake.badIgnorePattern` message.
 * - `empty`: nothing but spaces;
 * - `comment`: starts with `#`, so gitignore would read it as a comment (escape it: `\#`);
 * - `negationOnly`: a lone `!`;
 * - `control`: a control character (a line break, a tab, a NUL);
 * - `backslash`: a `\` before a letter or digit, most likely a Windows path: use `/`;
 * - `trailingBackslash`: ends in a lone `\`, which escapes nothing;
 * - `dotSegment`: a `.` or `..` folder, which never matches a path under the folder;
 * - `bracket`: a `[` without its `]`, or a range backwards (`[z-a]`);
 * - `tooLong`: longer than {@link MAX_IGNORE_PATTERN_LENGTH}.
 */
export type IgnorePatternProblem =
  | 'empty'
  | 'comment'
  | 'negationOnly'
  | 'control'
  | 'backslash'
  | 'trailingBackslash'
  | 'dotSegment'
  | 'bracket'
  | 'tooLong';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/u;

/** Whether each `[` opens a class that closes, with no range written backwards. */
function bracketsClose(pattern: string): boolean {
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char !== '[') continue;
    let end = index + 1;
    if (pattern[end] === '!' || pattern[end] === '^') end += 1;
    if (pattern[end] === ']') end += 1; // a leading `]` is a member, as in gitignore
    const members: string[] = [];
    while (end < pattern.length && pattern[end] !== ']') {
      if (pattern[end] === '\\') end += 1;
      members.push(pattern[end] ?? '');
      end += 1;
    }
    if (end >= pattern.length) return false;
    for (let at = 1; at + 1 < members.length; at += 1)
      if (members[at] === '-' && (members[at - 1] ?? '') > (members[at + 1] ?? '')) return false;
    index = end;
  }
  return true;
}

/**
 * Why `pattern` is not accepted as an ignore pattern, or undefined when it is. Checked before
 * anything is taken in, so that a mistyped pattern is said at once instead of silently matching
 * nothing (the matching library skips such lines without a word).
 */
export function ignorePatternProblem(pattern: string): IgnorePatternProblem | undefined {
  if (pattern.length > MAX_IGNORE_PATTERN_LENGTH) return 'tooLong';
  if (CONTROL.test(pattern)) return 'control';
  const body = pattern.trim();
  if (body === '') return 'empty';
  if (body.startsWith('#')) return 'comment';
  if (body === '!') return 'negationOnly';
  if (/(?:^|[^\\])(?:\\\\)*\\$/u.test(pattern)) return 'trailingBackslash';
  if (/\\[\p{L}\p{N}]/u.test(pattern)) return 'backslash';
  const segments = body.replace(/^!/u, '').split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'dotSegment';
  if (!bracketsClose(pattern)) return 'bracket';
  return undefined;
}

/**
 * Words naming the first pattern of `patterns` that is not accepted and why (the
 * `error.intake.badIgnorePattern` message), or undefined when every one is.
 */
export function badIgnorePatternWords(patterns: readonly string[]): Words | undefined {
  for (const pattern of patterns) {
    const problem = ignorePatternProblem(pattern);
    if (problem !== undefined)
      return words('error.intake.badIgnorePattern', { pattern: pattern.slice(0, 200), problem });
  }
  return undefined;
}

/** A list of ignore patterns, each accepted (see {@link ignorePatternProblem}). */
export const ignorePatternsSchema = z
  .array(
    z
      .string()
      .max(MAX_IGNORE_PATTERN_LENGTH)
      .refine((pattern) => ignorePatternProblem(pattern) === undefined, {
        message: 'not an ignore pattern the uploader accepts',
      }),
  )
  .max(MAX_IGNORE_PATTERNS);
