// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import { words } from '../../shared/i18n/words';
import type { IntakeItemView, IntakeProgressView } from '../../shared/ipc/views';
import { useJsdomLayout } from './jsdom-layout';
import { renderReview } from './render-review';

// Issue 26 §2: the window shows ignored files among the skipped ones, with the pattern that
// matched and where it came from (a dropped folder's .photouploaderignore, in the window).

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

useJsdomLayout({ width: 800, height: 600 });

const RULES = '/drop/site/.photouploaderignore';

const ITEMS: IntakeItemView[] = [
  {
    intakeId: 1,
    status: 'skipped',
    path: '/drop/site/level 1/thumbs',
    root: '/drop/site',
    folders: ['level 1'],
    reason: words('reason.intake.ignored', { pattern: 'thumbs/', source: 'file', file: RULES }),
  },
  {
    intakeId: 2,
    status: 'skipped',
    path: RULES,
    root: '/drop/site',
    folders: [],
    reason: words('reason.intake.ignoreFile'),
  },
];

const DONE: IntakeProgressView = {
  found: 0,
  inspected: 0,
  photos: 0,
  skipped: 2,
  errors: 0,
  done: true,
};

const renderScreen = (locale: ShownLocale, layout: 'grid' | 'list') =>
  renderReview(ITEMS, DONE, locale, layout);

describe('ignored files in the review, with the pattern that left them out', () => {
  it.each(['grid', 'list'] as const)('names the pattern and its file in the %s', (layout) => {
    renderScreen('en', layout);
    expect(screen.getByText(`Left out by the ignore pattern “thumbs/” in ${RULES}`)).toBeDefined();
    expect(
      screen.getByText("The folder's ignore patterns (.photouploaderignore), not a photo"),
    ).toBeDefined();
  });

  it('says it in the window’s language', () => {
    renderScreen('fr', 'list');
    expect(
      screen.getByText(`Exclu par le motif d’exclusion « thumbs/ » dans ${RULES}`),
    ).toBeDefined();
  });
});
