import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fsErrorReason } from '../../../../main/media/fs-error-reason';
import { junkReason } from '../../../../main/media/junk-files';
import {
  MAX_IMAGE_PIXELS,
  tooLargeReason,
  tooManyPixelsReason,
} from '../../../../main/media/media-limits';
import { formatDistance } from '../../../../shared/domain/project-distance';
import { APP_LOCALES } from '../../../../shared/i18n/locales';
import { farWords, leftOutReasonSchema } from '../../../../shared/i18n/reason-words';
import { createTranslator, type Words } from '../../../../shared/i18n/translator';
import { englishFor, wordsSchema } from '../../../../shared/i18n/words';

// The English the command line printed before reasons were words (issue 24 §2): each reason's
// English must stay the same, byte for byte.
function oldFsErrorReason(code: string, what: 'file' | 'folder'): string {
  switch (code) {
    case 'ENOENT':
      return `The ${what} was moved or deleted before it could be read`;
    case 'EACCES':
    case 'EPERM':
      return `The ${what} could not be read (permission denied)`;
    case 'EISDIR':
      return 'This is a folder, not a file';
    case 'ELOOP':
      return 'A link points to itself (symbolic link loop)';
    case 'ENAMETOOLONG':
      return 'The path is too long';
    case 'EFTYPE':
      return 'Not a regular file (a device, pipe or socket)';
    case 'EFBIG':
      return `The ${what} grew beyond the size limit while it was read`;
    default:
      return `The ${what} could not be read${code ? ` (${code})` : ''}`;
  }
}

const megabytes = (bytes: number, round: (value: number) => number) =>
  `${round((bytes / 1024 / 1024) * 10) / 10} MB`;

function oldFarReason(meters: number, project: string, nearest?: [string, number]): string {
  const nearer = nearest
    ? ` The nearest project is ${nearest[0]}, ${formatDistance(nearest[1])} away.`
    : '';
  return `Taken ${formatDistance(meters)} from ${project}.${nearer}`;
}

/** Words as they cross the bridge and come back: plain JSON, checked as the window's would be. */
function roundTrip(said: Words): Words {
  return wordsSchema.parse(JSON.parse(JSON.stringify(said)));
}

/** Every locale says `said` without falling back to its key (every argument given, every option). */
function saidEverywhere(said: Words): void {
  for (const locale of APP_LOCALES) {
    const errors: Error[] = [];
    const text = createTranslator(locale, (error) => errors.push(error)).t(said.key, said.values);
    expect(errors, `${locale} ${said.key}`).toEqual([]);
    expect(text).not.toBe(said.key);
  }
}

describe('the words of intake reasons', () => {
  it('a file-system error: valid words, the English the command line printed before', () => {
    const codes = fc.oneof(
      fc.constantFrom('ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ELOOP', 'ENAMETOOLONG'),
      fc.constantFrom('EFTYPE', 'EFBIG', 'EIO', 'EBUSY', ''),
      fc.stringMatching(/^E[A-Z]{2,10}$/),
    );
    fc.assert(
      fc.property(codes, fc.constantFrom('file' as const, 'folder' as const), (code, what) => {
        const said = roundTrip(fsErrorReason(code === '' ? new Error('x') : { code }, what));
        expect(englishFor(said)).toBe(oldFsErrorReason(code, what));
        saidEverywhere(said);
      }),
    );
  });

  it('a file over the size limit or an image over the pixel limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 2 ** 36 }),
        (size, limit) => {
          const said = roundTrip(tooLargeReason(size, limit));
          expect(englishFor(said)).toBe(
            `The file is ${megabytes(size, Math.ceil)}, more than the ${megabytes(limit, Math.floor)} allowed for one photo`,
          );
          saidEverywhere(said);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 1e6 }), (w, h) => {
        const said = roundTrip(tooManyPixelsReason(w, h));
        const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
        expect(englishFor(said)).toBe(
          `The image claims ${w} × ${h} pixels (${megapixels(w * h)}), more than the ${megapixels(MAX_IMAGE_PIXELS)} that can be read safely`,
        );
        saidEverywhere(said);
      }),
    );
  });

  it('a system or hidden file is named in every language', () => {
    const names = fc.oneof(
      fc.constantFrom('.DS_Store', 'Thumbs.db', 'desktop.ini', '__MACOSX', '$RECYCLE.BIN'),
      fc.constantFrom('.Spotlight-V100', '.picasa.ini', 'Icon\r', '~$plan.docx', '._a.jpg'),
      fc.string().map((name) => `.${name}`),
    );
    fc.assert(
      fc.property(names, (name) => {
        const said = junkReason(name);
        expect(said).toBeDefined();
        // The badge says it was skipped: the reason says only why, a name (brand) or a capital first.
        expect(englishFor(roundTrip(said!))).toMatch(/^(mac|[A-Z])/);
        expect(englishFor(roundTrip(said!))).not.toMatch(/^Skipped/);
        saidEverywhere(said!);
      }),
    );
  });

  it('a far photo left out: the English as before, and the window may send it', () => {
    const place = fc.double({ min: 0, max: 2e7, noNaN: true });
    const name = fc.string({ minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(place, name, fc.option(fc.tuple(name, place)), (meters, project, near) => {
        const said = farWords({
          meters,
          projectName: project,
          nearest: near && { name: near[0], meters: near[1] },
        });
        expect(englishFor(roundTrip(said))).toBe(oldFarReason(meters, project, near ?? undefined));
        expect(leftOutReasonSchema.safeParse(said).success).toBe(true);
        saidEverywhere(said);
      }),
    );
  });

  it('the window may name only an intake reason for what it leaves out', () => {
    expect(leftOutReasonSchema.safeParse({ key: 'reason.intake.folderLeftOut' }).success).toBe(
      true,
    );
    for (const bad of [
      { key: 'error.unexpected' },
      { key: 'reason.legacy', values: { text: 'anything' } },
      { key: 'reason.watch.alreadyQueued' },
      { key: 'reason.intake.nope' },
      'You left this folder out of the upload.',
    ])
      expect(leftOutReasonSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
