// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import { createTranslator, type Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import type { IntakeItemView, IntakeProgressView } from '../../shared/ipc/views';
import { useJsdomLayout } from './jsdom-layout';
import { renderReview } from './render-review';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

useJsdomLayout({ width: 800, height: 600 });

const NOT_A_PHOTO = words('reason.intake.notAPhotoUnknown');
const TOO_LARGE = words('reason.intake.tooLarge', { size: 612.5, limit: 500 });
const GONE = words('reason.intake.gone', { what: 'file' });

/** A file main skipped or could not read, with its reason in words (issue 24 §2). */
function notRead(intakeId: number, status: 'skipped' | 'error', reason: Words): IntakeItemView {
  const path = `/drop/file-${intakeId}`;
  return { intakeId, status, path, root: '/drop', folders: [], reason };
}

const ITEMS = [
  notRead(1, 'skipped', NOT_A_PHOTO),
  notRead(2, 'skipped', TOO_LARGE),
  notRead(3, 'error', GONE),
];

const DONE: IntakeProgressView = {
  found: 3,
  inspected: 3,
  photos: 0,
  skipped: 2,
  errors: 1,
  done: true,
};

const renderScreen = (locale: ShownLocale, layout: 'grid' | 'list') =>
  renderReview(ITEMS, DONE, locale, layout);

describe('the reasons main gives for files it did not take, in the window’s language', () => {
  it.each(['grid', 'list'] as const)('says them in German in the review %s', (layout) => {
    renderScreen('de', layout);
    const de = createTranslator('de');
    for (const reason of [NOT_A_PHOTO, TOO_LARGE, GONE])
      expect(screen.getByText(de.t(reason.key, reason.values))).toBeDefined();
    // What a German reader sees: German words, German decimals, no English left.
    expect(
      screen.getByText(
        'Die Datei ist 612,5 MB groß, mehr als die 500 MB, die für ein Foto erlaubt sind',
      ),
    ).toBeDefined();
    expect(screen.queryByText(/Skipped|not a photo|could not be read/)).toBeNull();
  });

  it('says them in English as the command line does', () => {
    renderScreen('en', 'grid');
    expect(
      screen.getByText(
        'Not a photo (unknown content); only JPEG, PNG, HEIC/HEIF, TIFF and WebP images are uploaded',
      ),
    ).toBeDefined();
    expect(screen.getByText('The file was moved or deleted before it could be read')).toBeDefined();
  });
});
