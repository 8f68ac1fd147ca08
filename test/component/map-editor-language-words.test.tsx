// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { IntakeItemView } from '../../shared/ipc/views';
import { DescriptionEditor } from '../../renderer/components/DescriptionEditor';
import { MapPanel } from '../../renderer/features/map/MapPanel';
import {
  answerMapIndexRequest,
  emptyClusterIndexState,
} from '../../renderer/features/map/map-cluster-index';
import type { MapIndexPort } from '../../renderer/features/map/map-index-client';
import { BridgeContext } from '../../renderer/bridge/hooks';
import { LocaleProvider } from '../../renderer/i18n/IntlRoot';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomLayout } from './jsdom-layout';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { intakeItemView } from '../fakes/intake-item-view';
import { HARBOR_LISTING } from '../fakes/project-listings';
import { englishLeft as englishLeftIn } from './english-left';

afterEach(cleanup);

// jsdom lays nothing out: Leaflet measures its container, so give every element a size.
useJsdomLayout({ width: 600, height: 400 });

/** Everything a user reads or hears in `element`: its texts, and its elements' names and titles. */
function everythingSaid(element: Element): string {
  const named = [element, ...element.querySelectorAll('*')].flatMap((each) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => each.getAttribute(name) ?? ''),
  );
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  // Each text on its own: the toolbar's glyphs "B" and "I" are not the word "BI".
  return [...texts, ...named].join(' ');
}

/** The English left in `said` once `data` (file and project names) and map scales are out. */
function englishLeft(said: string, data: readonly string[]): string[] {
  return englishLeftIn(said, [...data, /\d+ k?m\b/g]);
}

// Two photos far apart, one of them far from the project; one without a position.
const items: IntakeItemView[] = [
  intakeItemView(1, { coordinates: { lat: 37.7958, lon: -122.279 } }),
  intakeItemView(2, { coordinates: { lat: 47.7066, lon: -122.3252 } }),
  intakeItemView(3, { coordinates: null }),
];

/** The map's worker, run in-process (jsdom has no Worker). */
function inProcessIndex(): MapIndexPort {
  const state = emptyClusterIndexState();
  const port: MapIndexPort = {
    onmessage: null,
    postMessage(request) {
      const answer = answerMapIndexRequest(state, structuredClone(request));
      setTimeout(() => port.onmessage?.({ data: structuredClone(answer) }), 0);
    },
    terminate() {},
  };
  return port;
}

function mapBridge() {
  return fakeBridge({
    'settings:get': settingsViewFixture({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
    'projects:list-all': { projects: [HARBOR_LISTING] },
  }).bridge;
}

const selectedIds = new Set<number>();
const far = new Set([2]);
const onSelect = () => undefined;

const panel = (
  <MapPanel
    items={items}
    far={far}
    projectId={HARBOR_LISTING.id}
    selectedIds={selectedIds}
    onSelect={onSelect}
    startIndex={inProcessIndex}
  />
);

function renderMap(locale: ShownLocale) {
  return renderWithBridge(panel, mapBridge(), locale);
}

describe('the map in the user’s language', () => {
  it('speaks German: the summary, the photos’ and Leaflet’s buttons, the credit', async () => {
    renderMap('de');
    const panel = screen.getByRole('region', { name: 'Karte der Fotos' });
    within(panel).getByText(
      '2 Fotos auf der Karte, 1 weit vom Projekt entfernt (umrandete Rauten); 1 Foto hat keine Position',
    );
    await within(panel).findByRole('button', {
      name: 'IMG_2.jpg, weit vom Projekt entfernt auswählen',
    });
    within(panel).getByRole('button', { name: 'IMG_1.jpg auswählen' });
    within(panel).getByRole('button', { name: 'Alle Fotos zeigen' });
    within(panel).getByRole('button', { name: 'Vergrößern' });
    within(panel).getByRole('button', { name: 'Verkleinern' });
    within(panel).getByRole('link', { name: 'OpenStreetMap-Mitwirkende' });
    await waitFor(() =>
      expect(panel.querySelector('.map-project-pin')?.getAttribute('title')).toBe(
        'Projekt Harbor View Tower',
      ),
    );
  });

  it('names Leaflet’s buttons anew, and keeps the photos, when the language changes', async () => {
    const bridge = mapBridge();
    const inLocale = (locale: ShownLocale) => (
      <BridgeContext.Provider value={bridge}>
        <LocaleProvider locale={locale}>{panel}</LocaleProvider>
      </BridgeContext.Provider>
    );
    const { rerender } = render(inLocale('en'));
    await screen.findByRole('button', { name: 'Select IMG_1.jpg' });
    screen.getByRole('button', { name: 'Zoom in' });
    rerender(inLocale('es'));
    await screen.findByRole('button', { name: 'Seleccionar IMG_1.jpg' });
    screen.getByRole('button', { name: 'Acercar' });
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
    within(screen.getByRole('region', { name: 'Mapa de las fotos' })).getByRole('link', {
      name: 'colaboradores de OpenStreetMap',
    });
  });

  it('leaves no English in the pseudo-locale but the names of the photos and the project', async () => {
    const { container } = renderMap('en-XA');
    await waitFor(() => expect(container.querySelectorAll('.map-photo')).toHaveLength(2));
    await waitFor(() => expect(container.querySelector('.map-project-pin')).not.toBeNull());
    expect(
      englishLeft(everythingSaid(container), ['IMG_1.jpg', 'IMG_2.jpg', 'Harbor View Tower']),
    ).toEqual([]);
  });
});

function renderEditor(locale: ShownLocale) {
  return render(
    <LocaleProvider locale={locale}>
      <DescriptionEditor label="Description" value="" onChange={() => undefined} />
    </LocaleProvider>,
  );
}

describe('the description editor in the user’s language', () => {
  it('speaks German: the toolbar, its shortcuts, the link form and the preview', () => {
    renderEditor('de');
    const toolbar = screen.getByRole('toolbar', { name: 'Description: Formatierung' });
    const bold = within(toolbar).getByRole('button', { name: 'Fett' });
    expect(bold.getAttribute('title')).toBe('Fett (Strg+B)');
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B');
    within(toolbar).getByRole('button', { name: 'Kursiv' });
    expect(within(toolbar).getByRole('button', { name: 'Aufzählung' }).textContent).toBe('• Liste');
    expect(
      within(toolbar).getByRole('button', { name: 'Nummerierte Liste' }).getAttribute('title'),
    ).toBe('Nummerierte Liste (Strg+Umschalt+7)');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Link einfügen' }));
    screen.getByLabelText('Linkadresse (https, http oder mailto)');
    screen.getByRole('button', { name: 'Link hinzufügen' });
    screen.getByRole('button', { name: 'Abbrechen' });
    screen.getByText('Vorschau: genau das, was gesendet wird');
    screen.getByText('(keine Beschreibung)');
  });

  it('leaves no English in the pseudo-locale but the label it was given', () => {
    const { container } = renderEditor('en-XA');
    fireEvent.click(screen.getAllByRole('button').at(-1)!);
    expect(container.querySelector('form')).not.toBeNull();
    // The link address's field starts with its scheme, data rather than words.
    expect(englishLeft(everythingSaid(container), ['Description', 'https://'])).toEqual([]);
  });
});
