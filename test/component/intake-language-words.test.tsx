// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FarBadge, FarPhotos } from '../../renderer/features/intake/FarPhotos';
import { SubfolderProjects } from '../../renderer/features/intake/SubfolderProjects';
import type { SubfolderChoice } from '../../renderer/features/intake/subfolder-choices';
import type { FarFlag } from '../../renderer/features/intake/use-far-photos';
import type { ShownLocale } from '../../shared/i18n/locales';
import { createTranslator } from '../../shared/i18n/translator';
import type { IntakeItemView, IntakeProgressView } from '../../shared/ipc/views';
import { intakeItemView } from '../fakes/intake-item-view';
import { useJsdomLayout } from './jsdom-layout';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { englishLeft as englishLeftIn } from './english-left';
import { renderReview } from './render-review';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom lays nothing out: a 600 px viewport lets the virtual grid and list render their photos.
useJsdomLayout({ width: 800, height: 600 });

const CANON = { make: 'Canon', model: 'Canon EOS 5D' };

/** Photos that carry every badge the review shows: corrected, assumed zone, GPS, duplicate. */
function photos(): IntakeItemView[] {
  return [
    intakeItemView(1, {
      ...CANON,
      capture: {
        capturedAt: 1_705_312_980,
        capturedAtMs: 1_705_312_980_000,
        rule: 'assumed',
        zone: 'Europe/Rome',
        wallTime: '2024-01-15T11:03:00',
        source: 'DateTimeOriginal',
        gpsDifferenceSeconds: 3780,
        correction: {
          offsetSeconds: 3780,
          uncorrectedAt: 1_705_309_200,
          uncorrectedWallTime: '2024-01-15T10:00:00',
        },
      },
      coordinates: { lat: 43.4674, lon: 11.8851 },
    }),
    intakeItemView(2, {
      ...CANON,
      capture: {
        capturedAt: 1_705_312_984,
        capturedAtMs: 1_705_312_984_000,
        rule: 'file-time',
        zone: 'UTC',
        wallTime: undefined,
        source: 'file modification time',
        gpsDifferenceSeconds: 3784,
      },
      duplicateOf: { kind: 'in-this-batch', path: '/drop/IMG_1.jpg' },
    }),
  ];
}

const DONE: IntakeProgressView = {
  found: 3,
  inspected: 3,
  photos: 2,
  skipped: 1,
  errors: 0,
  done: true,
};

/** The Add photos screen in `locale`, holding `items` in the review `layout`. */
const renderScreen = (
  locale: ShownLocale,
  items: readonly IntakeItemView[] = photos(),
  layout: 'grid' | 'list' = 'grid',
) => renderReview(items, DONE, locale, layout);

/** Data the tests hand in or the formats give (names, zones, English-formatted dates). */
const DATA = [
  /\/drop\/|IMG_\d\.jpg/g,
  // Distances are formatted as English formats them (`1102 km`), as dates are.
  /\d+(\.\d)? k?m\b/g,
  /Canon EOS 5D/g,
  /Europe\/Rome|Rome|UTC/g,
  // The pseudo-locale formats dates as English does: a date is data, not a word.
  /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} (AM|PM)\b/g,
  /Harbor View Tower|Northgate Medical Center|Eastbay Depot/g,
];

/**
 * The runs of two or more plain ASCII letters left in `element`'s text and in its controls'
 * names and tooltips, once the data is taken out: in the pseudo-locale, each is English that did
 * not come from the catalog. `skip` leaves out parts that are not this area's (other features').
 */
function englishLeft(element: Element, skip: readonly string[] = []): string[] {
  const copy = element.cloneNode(true) as Element;
  // A zone select lists every IANA zone's id: data.
  for (const part of copy.querySelectorAll(['select', ...skip].join(', '))) part.remove();
  const said = [
    copy.textContent ?? '',
    ...[...copy.querySelectorAll('[aria-label], [title]')].flatMap((node) => [
      node.getAttribute('aria-label') ?? '',
      node.getAttribute('title') ?? '',
    ]),
  ].join(' ');
  return englishLeftIn(said, DATA);
}

describe('the Add photos screen in Spanish', () => {
  it('says the drop area, the progress, the review and the upload button in Spanish', () => {
    renderScreen('es');
    expect(screen.getByRole('button', { name: 'Elegir carpeta…' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Elegir archivos…' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Listo: 2 fotos, 1 omitida, 0 ilegibles');
    expect(screen.getByRole('radio', { name: 'Cuadrícula' })).toBeDefined();
    expect(screen.getByText('Seleccionar todas (0 seleccionadas)')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Datos del lote' })).toBeDefined();
    // The duplicate in this drop is skipped: one photo is uploaded.
    expect(screen.getByRole('button', { name: 'Subir 1 foto' })).toBeDefined();
    const grid = screen.getByRole('grid', { name: 'Fotos encontradas' });
    expect(grid.textContent).toContain('zona horaria supuesta');
    expect(grid.textContent).toContain('corregida +1h03m');
    expect(grid.textContent).toContain('duplicada: omitida');
    expect(grid.textContent).toContain('hora del archivo');
    // A capture time in Spanish, in the photo's zone named in Spanish (not its English city).
    expect(grid.textContent).toContain('(hora de Europa central)');
    expect(grid.textContent).toMatch(/lun, 15 ene 2024/);
    expect(screen.getByRole('button', { name: 'Excluir IMG_1.jpg' })).toBeDefined();
    const clocks = screen.getByRole('region', {
      name: 'Correcciones sugeridas del reloj de la cámara',
    });
    expect(clocks.textContent).toMatch(
      /^El reloj de Canon EOS 5D parece atrasado 1 h \d+ min: hora GPS de 2 fotos, dispersión de \d+ s\. Corregir Canon EOS 5D con este valor$/,
    );
  });

  it('says the list’s badges in Spanish', () => {
    renderScreen('es', photos(), 'list');
    const list = screen.getByRole('list', { name: 'Fotos encontradas' });
    expect(within(list).getByRole('checkbox', { name: 'Seleccionar IMG_1.jpg' })).toBeDefined();
    expect(within(list).getByLabelText('Hora de la cámara antes de la corrección')).toBeDefined();
    // The decimal comma of Spanish, so the pair is split by a semicolon.
    expect(list.textContent).toContain('GPS 43,4674; 11,8851');
    expect(list.textContent).toContain('sin GPS');
    expect(list.textContent).toContain('duplicada en esta selección: omitida');
  });

  it('says the empty screen in Spanish', () => {
    renderScreen('es', []);
    expect(screen.getByText(/^Todavía no hay fotos\./)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Subir 0 fotos' })).toBeDefined();
  });
});

describe('the Add photos screen in the pseudo-locale', () => {
  it('leaves no English in the drop area, the review grid and the upload button', () => {
    renderScreen('en-XA');
    expect(englishLeft(document.querySelector('section.review')!)).toEqual([]);
    expect(englishLeft(document.getElementById('batch-heading')!)).toEqual([]);
    const upload = document.querySelector('button[type="submit"]')!;
    expect(upload.textContent).toContain('1');
    expect(englishLeft(upload)).toEqual([]);
  });

  it('leaves no English in the review list', () => {
    renderScreen('en-XA', photos(), 'list');
    expect(englishLeft(document.querySelector('.intake-list')!)).toEqual([]);
  });

  it('leaves no English on the empty screen and in the own description panel', () => {
    renderScreen('en-XA', []);
    expect(englishLeft(document.querySelector('.review')!)).toEqual([]);
    cleanup();
    renderScreen('en-XA');
    const [selectAll] = screen.getAllByRole('checkbox');
    fireEvent.click(selectAll!);
    const ownDescription = document.querySelectorAll('.toolbar button')[1]!;
    fireEvent.click(ownDescription);
    const panel = document.querySelector('.own-description')!;
    // The editor's own words are the description editor's (another area's); its label is ours.
    expect(panel.textContent).toContain(
      createTranslator('en-XA').t('intake.ownDescription.label', { count: 2 }),
    );
    for (const part of [...panel.querySelectorAll(':scope > button')])
      expect(englishLeft(part)).toEqual([]);
    expect(panel.getAttribute('aria-label')?.match(/[A-Za-z]{2,}/g)).toBeNull();
  });

  it('leaves no English in the far photos’ choice and badge', () => {
    const far = new Map<number, FarFlag>([
      [2, { meters: 1_102_000, nearest: { id: 'n', name: 'Northgate Medical Center', meters: 0 } }],
    ]);
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <>
        <FarPhotos far={far} projectName="Harbor View Tower" choice="upload" onChoice={() => {}} />
        <FarBadge flag={far.get(2)!} />
      </>,
      bridge,
      'en-XA',
    );
    expect(englishLeft(document.body)).toEqual([]);
    expect(document.body.textContent).toContain('1102 km');
  });

  it('leaves no English in the subfolders’ projects', () => {
    const choices = new Map<string, SubfolderChoice>([
      ['Eastbay Depot', { kind: 'searching' }],
      [
        'Harbor View Tower',
        {
          kind: 'suggested',
          project: { id: 'h', name: 'Harbor View Tower', address: '', photoCount: undefined },
        },
      ],
      [
        'Northgate Medical Center',
        {
          kind: 'none',
          reason: {
            key: 'intake.subfolders.noMatch',
            values: { folder: 'Northgate Medical Center' },
          },
        },
      ],
    ]);
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <SubfolderProjects
        subfolders={[...choices.keys()]}
        choices={choices}
        onChoose={() => undefined}
        perSubfolder
        onPerSubfolderChange={() => undefined}
      />,
      bridge,
      'en-XA',
    );
    expect(englishLeft(document.body)).toEqual([]);
    expect(document.querySelectorAll('strong').length).toBeGreaterThanOrEqual(4);
  });
});

describe('the far photos in German', () => {
  it('say the distance as German writes numbers', () => {
    const flag: FarFlag = { meters: 1_500, nearest: undefined };
    renderWithBridge(<FarBadge flag={flag} />, fakeBridge({}).bridge, 'de');
    expect(document.body.textContent).toBe('weit: 1,5 km vom Projekt entfernt');
  });
});
