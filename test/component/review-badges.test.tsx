// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gpsWords } from '../../renderer/features/intake/capture-words';
import { DropArea } from '../../renderer/features/intake/DropArea';
import { ReviewList } from '../../renderer/features/intake/ReviewList';
import { EMPTY_SELECTION } from '../../renderer/features/intake/review-selection';
import type { FarFlag } from '../../renderer/features/intake/use-far-photos';
import { ZoneComboBox } from '../../renderer/features/intake/ZoneComboBox';
import type { ShownLocale } from '../../shared/i18n/locales';
import { createTranslator } from '../../shared/i18n/translator';
import type { IntakeItemView, ServiceCopyView } from '../../shared/ipc/views';
import { intakeItemView } from '../fakes/intake-item-view';
import { useJsdomLayout } from './jsdom-layout';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// jsdom has no CSS.escape, which React Aria's popovers and lists call.
if (globalThis.CSS === undefined)
  Object.defineProperty(globalThis, 'CSS', {
    configurable: true,
    value: { escape: (text: string) => text.replace(/[^\w-]/g, (sign) => `\\${sign}`) },
  });

// jsdom lays nothing out: a 600 px tall list renders its rows.
useJsdomLayout({ width: 500, height: 600 });

/** seattle.jpg of the map journey: GPS, far from the project, read from the file's time. */
const SEATTLE = intakeItemView(1, {
  path: '/drop/seattle.jpg',
  capture: {
    capturedAt: 1_705_312_980,
    capturedAtMs: 1_705_312_980_000,
    rule: 'file-time',
    zone: 'UTC',
    wallTime: undefined,
    source: 'file modification time',
  },
  coordinates: { lat: 47.706_612, lon: -122.325_249 },
});

/** A photo with every other badge: corrected clock, a duplicate, on the service, own description. */
const CANON = intakeItemView(2, {
  path: '/drop/canon.jpg',
  capture: {
    capturedAt: 1_705_312_980,
    capturedAtMs: 1_705_312_980_000,
    rule: 'assumed',
    zone: 'Europe/Rome',
    wallTime: '2024-01-15T11:03:00',
    source: 'DateTimeOriginal',
    correction: {
      offsetSeconds: 3780,
      uncorrectedAt: 1_705_309_200,
      uncorrectedWallTime: '2024-01-15T10:00:00',
    },
  },
  duplicateOf: { kind: 'in-this-batch', path: '/drop/IMG_9.jpg' },
});

const SKIPPED: IntakeItemView = {
  intakeId: 3,
  status: 'skipped',
  path: '/drop/notes.txt',
  root: '/drop',
  folders: [],
  reason: { key: 'reason.intake.notAPhotoUnknown' },
};
const UNREADABLE: IntakeItemView = {
  intakeId: 4,
  status: 'error',
  path: '/drop/broken.jpg',
  root: '/drop',
  folders: [],
  reason: { key: 'reason.intake.unreadable', values: { what: 'file' } },
};

const FAR: FarFlag = {
  meters: 1_102_000,
  nearest: { id: 'n', name: 'Northgate Medical Center', meters: 300 },
};
const COPY: ServiceCopyView = {
  intakeId: 2,
  photoId: 'p-9',
  projectId: 'harbor',
  inChosenProject: true,
};

/** The review list holding the four items above, in `locale`. */
function renderList(locale: ShownLocale = 'en') {
  const items = [SEATTLE, CANON, SKIPPED, UNREADABLE];
  renderWithBridge(
    <ReviewList
      items={items}
      ids={items.map((item) => item.intakeId)}
      selection={EMPTY_SELECTION}
      onSelection={() => undefined}
      overrides={new Map([[2, '<p>Own</p>']])}
      ownTags={new Map()}
      serviceCopies={new Map([[2, COPY]])}
      far={new Map([[1, FAR]])}
      thumbnailUrl={() => ''}
      onRemoveOwnTag={() => undefined}
      onLeaveOut={() => undefined}
    />,
    fakeBridge({}).bridge,
    locale,
  );
  const list = screen.getByRole('list', {
    name: createTranslator(locale).t('intake.review.photosFound'),
  });
  return (name: string) =>
    within(list)
      .getAllByRole('listitem')
      .find((row) => row.textContent?.includes(name))!;
}

/** The words of each badge of `row`, in order. */
const badges = (row: HTMLElement) =>
  [...row.querySelectorAll('.intake-badge')].map((badge) => badge.textContent);

describe('the review list', () => {
  it('shows every badge of a row, whole, each with its icon', () => {
    const row = renderList();
    expect(badges(row('seattle.jpg'))).toEqual([
      'file time',
      'GPS 47.7066, -122.3252',
      'far: 1102 km from the project (nearest: Northgate Medical Center)',
    ]);
    expect(badges(row('canon.jpg'))).toEqual([
      'zone assumed',
      'corrected +1h03m',
      'no GPS',
      'duplicate in this drop: skipped',
      'Already on the service (photo p-9)',
      'own description',
    ]);
    for (const badge of row('canon.jpg').querySelectorAll('.intake-badge'))
      expect(badge.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // The position in full in the tooltip, the far photo's nearest project too.
    const [, gps, far] = row('seattle.jpg').querySelectorAll('.intake-badge');
    expect(gps?.getAttribute('title')).toBe('GPS 47.706612, -122.325249');
    expect(far?.getAttribute('title')).toContain('Northgate Medical Center');
  });

  it('marks skipped and unreadable files, with their reason readable', () => {
    const row = renderList();
    expect(row('notes.txt').textContent).toContain('skipped');
    expect(row('notes.txt').textContent).toContain('Not a photo (unknown content)');
    expect(row('notes.txt').textContent).not.toContain('Skipped:');
    expect(badges(row('broken.jpg'))).toEqual(['unreadable']);
    expect(row('broken.jpg').querySelector('.tone-danger')).not.toBeNull();
    expect(row('broken.jpg').textContent).toContain('The file could not be read');
  });

  it('writes the position with the decimal comma of German, the pair split by a semicolon', () => {
    const row = renderList('de');
    expect(badges(row('seattle.jpg'))).toContain('GPS 47,7066; -122,3252');
  });
});

describe('a position in words', () => {
  it('never uses the separator of the pair inside a number, in any language', () => {
    for (const locale of ['en', 'es', 'fr', 'de'] as const) {
      const intl = createIntl({ locale });
      const { t } = createTranslator(locale);
      const separator = locale === 'en' ? ', ' : locale === 'fr' ? ' ; ' : '; ';
      fc.assert(
        fc.property(
          fc.double({ min: -90, max: 90, noNaN: true }),
          fc.double({ min: -180, max: 180, noNaN: true }),
          (lat, lon) => {
            const words = gpsWords(t, intl, { lat, lon }, 4);
            const pair = words.replace(/^GPS /, '').split(separator);
            expect(pair).toHaveLength(2);
            const read = pair.map((number) => Number(number.replace(',', '.').replace('−', '-')));
            expect(read[0]).toBeCloseTo(lat, 4);
            expect(read[1]).toBeCloseTo(lon, 4);
          },
        ),
        { numRuns: 50 },
      );
    }
  });
});

describe('the zone box', () => {
  it('is named by its label, filters the zones by any part of the id, and says the choice', async () => {
    const onChange = vi.fn();
    renderWithBridge(
      <ZoneComboBox zone="UTC" assumedCount={2} onChange={onChange} />,
      fakeBridge({}).bridge,
    );
    const box = screen.getByRole('combobox', { name: 'Zone for photos without one (2 photos)' });
    expect((box as HTMLInputElement).value).toBe('UTC');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'york' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'America/New_York',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'America/New_York' }));
    expect(onChange).toHaveBeenCalledWith('America/New_York');
  });

  it('says so when no zone matches', async () => {
    renderWithBridge(
      <ZoneComboBox zone="UTC" assumedCount={0} onChange={() => undefined} />,
      fakeBridge({}).bridge,
    );
    const box = screen.getByRole('combobox');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'atlantis' } });
    expect(await screen.findByText(/^No zone matches\./)).toBeDefined();
  });
});

describe('the drop area', () => {
  it('offers both open dialogs, and says "release" while files are dragged over the window', () => {
    const chosen: string[] = [];
    renderWithBridge(
      <DropArea compact={false} onChoose={(kind) => chosen.push(kind)} />,
      fakeBridge({}).bridge,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose folder…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose files…' }));
    expect(chosen).toEqual(['folder', 'files']);
    expect(screen.getByText('Drop photos or folders anywhere in this window')).toBeDefined();
    const enter = new Event('dragenter', { bubbles: true });
    Object.defineProperty(enter, 'dataTransfer', { value: { types: ['Files'] } });
    act(() => void window.dispatchEvent(enter));
    expect(screen.getByText('Release to add these photos and folders')).toBeDefined();
  });
});
