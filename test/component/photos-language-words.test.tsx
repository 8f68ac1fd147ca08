// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE, type ShownLocale } from '../../shared/i18n/locales';
import type { PhotoView } from '../../shared/ipc/views';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { BatchTagFields, OwnTagsPanel, useBatchTags } from '../../renderer/features/tags/BatchTags';
import { PhotoOwnTags } from '../../renderer/features/tags/PhotoOwnTags';
import { queueItemView } from '../fakes/queue-item-view';
import { useJsdomLayout } from './jsdom-layout';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { englishLeft } from './english-left';

afterEach(cleanup);
useJsdomLayout({ width: 800, height: 600 });

// 2008-10-22 14:28:39 UTC: 16:28 in Rome.
const ROME = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;

function photo(id: string, change: Partial<PhotoView> = {}): PhotoView {
  return {
    id,
    projectId: 'pr-1',
    capturedAt: ROME,
    coordinates: null,
    description: '',
    internal: false,
    processingStatus: 'processed',
    hasThumbnail: true,
    tags: [],
    uploader: null,
    zone: undefined,
    ...change,
  };
}

/** One photo of each kind of capture time, of description and of tags. */
const PHOTOS = [
  photo('10001', { zone: 'Europe/Rome', description: '<p>Footings</p>', tags: ['rebar'] }),
  photo('10002', { zone: '+02:00', coordinates: { lat: 47.6062, lon: -122.3321 } }),
  photo('10003'),
  photo('10004', { capturedAt: null }),
];

/** Data the test hands in, shown as it is in every language. */
const DATA = ['Site A', 'Footings', 'rebar', 'IMG_1.jpg', 'Europe/Rome', 'Rome'];

/** The user's zone as a capture time without one names it (its city, or an offset). */
const USER_CITY = new Intl.DateTimeFormat().resolvedOptions().timeZone.split('/').pop() ?? '';

/**
 * Runs of two or more plain ASCII letters in what `root` shows and says (text, and the names,
 * titles, placeholders and alternative texts of its elements), once the data the test passed in,
 * dates (the pseudo-locale formats them as English does) and UTC offsets are taken out. The
 * description editor's own controls are another component's, and left out; the label this screen
 * gives it is in.
 */
function englishLeftIn(root: HTMLElement): string[] {
  const said: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) said.push(node.textContent ?? '');
    if (!(node instanceof HTMLElement)) return;
    if (node.classList.contains('description-editor')) {
      said.push(node.querySelector(':scope > .label')?.textContent ?? '');
      return;
    }
    for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
      said.push(node.getAttribute(name) ?? '');
    node.childNodes.forEach(walk);
  };
  walk(root);
  return englishLeft(said.join('\n'), [
    ...DATA,
    USER_CITY.replace(/_/g, ' '),
    /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d [AP]M/g,
    /UTC[+-]\d\d:\d\d/g,
  ]);
}

/** Existing photos in `locale`: one recent project of four photos, a conflict held on one. */
function openExistingPhotos(locale: ShownLocale) {
  const conflict = queueItemView(9, {
    kind: 'description',
    state: 'needs-attention',
    photoId: '10002',
    description: '<p>Footings</p>',
    serviceDescription: '<p>Footings</p>',
  });
  const { bridge } = fakeBridge({
    'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 4 }],
    'projects:search': [],
    'photos:list': { photos: PHOTOS, more: true },
  });
  const { container } = renderWithBridge(<ExistingPhotos conflicts={[conflict]} />, bridge, locale);
  return { container };
}

describe('Existing photos in Spanish', () => {
  it('says everything in Spanish: the project picker, the grid, the selection, the filter', async () => {
    const { container } = openExistingPhotos('es');
    screen.getByRole('heading', { name: 'Fotos subidas' });
    screen.getByLabelText('Proyecto: busque por nombre o dirección, o pegue su ID o enlace');
    await screen.findByText('Proyectos recientes');
    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    const grid = await screen.findByRole('list', { name: 'Fotos de este proyecto' });
    expect(container.querySelector('.project-chosen')?.textContent).toContain('Proyecto: Site A');
    screen.getByRole('button', { name: 'Cambiar proyecto' });
    screen.getByRole('button', { name: 'Cargar más fotos' });
    const [rome, offset, yours, none] = within(grid).getAllByRole('listitem');
    expect(rome?.textContent).toMatch(/mié.*22.*oct.*2008.*16:28 \(hora de Europa central\)/);
    expect(offset?.textContent).toContain('(UTC+02:00)');
    expect(offset?.textContent).toContain('Conflicto de descripción');
    expect(yours?.textContent).toContain('(su hora, ');
    expect(none?.textContent).toContain('Sin hora de captura');
    expect(none?.textContent).toContain('Sin descripción');
    expect(rome?.querySelector('.cell-tags')?.textContent).toBe('Etiquetas: rebar');
    within(grid).getByRole('button', { name: /Editar la descripción, foto 10001/ });
    screen.getByLabelText('Tomadas desde');
    screen.getByLabelText('La descripción contiene');
    screen.getByText('4 fotos');

    fireEvent.click(within(grid).getByRole('checkbox', { name: 'Seleccionar la foto 10001' }));
    fireEvent.click(within(grid).getByRole('checkbox', { name: 'Seleccionar la foto 10003' }), {
      shiftKey: true,
    });
    const toolbar = screen.getByRole('toolbar', { name: 'Selección' });
    expect(toolbar.textContent).toContain('3 seleccionadas · Mayús+clic');
    screen.getByRole('textbox', { name: 'Descripción para las 3 fotos seleccionadas' });
    screen.getByRole('button', { name: 'Establecer la descripción de 3 fotos' });
    fireEvent.click(screen.getByLabelText('Añadir tras la descripción de cada foto'));
    screen.getByRole('button', { name: 'Añadir a la descripción de 3 fotos' });

    fireEvent.change(screen.getByLabelText('Tomadas desde'), { target: { value: '2008-10-23' } });
    screen.getByText('Ninguna foto coincide con el filtro.');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el filtro' }));
    fireEvent.change(screen.getByLabelText('La descripción contiene'), {
      target: { value: 'footings' },
    });
    screen.getByText('1 de 4 fotos');
  });

  it('opens a photo in Spanish: its time and position, the conflict, the editor', async () => {
    openExistingPhotos('es');
    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    fireEvent.click(
      await screen.findByRole('button', { name: /Editar la descripción, foto 10002/ }),
    );
    const detail = screen.getByRole('group', { name: 'Foto 10002' });
    expect(detail.textContent).toMatch(
      /Hora de captura: .*2008.* \(UTC\+02:00\) · GPS: 47,60620; -122,33210/,
    );
    const conflict = within(detail).getByRole('group', { name: 'Conflicto de descripción' });
    within(conflict).getByRole('button', { name: 'Conservar la mía' });
    within(conflict).getByRole('button', { name: 'Conservar la del Photo Service' });
    screen.getByRole('button', { name: 'Volver a las fotos' });
    screen.getByRole('button', { name: 'Guardar descripción' });
  });
});

describe('Existing photos in the pseudo-locale', () => {
  it('is checked by a test that finds English where there is some', async () => {
    const { container } = openExistingPhotos('en');
    await screen.findByText('Recent projects');
    expect(englishLeftIn(container)).toEqual(
      expect.arrayContaining(['Existing', 'Recent', 'projects']),
    );
  });

  it('leaves no English in the picker, the grid, the selection and the bulk editor', async () => {
    const { container } = openExistingPhotos(PSEUDO_LOCALE);
    await screen.findByRole('button', { name: /Site A/ });
    expect(englishLeftIn(container)).toEqual([]);
    // A pasted id, and a search that finds nothing.
    fireEvent.change(container.querySelector('input[type="search"]') as HTMLElement, {
      target: { value: '4821' },
    });
    await screen.findByRole('status');
    expect(englishLeftIn(container)).toEqual([]);
    fireEvent.change(container.querySelector('input[type="search"]') as HTMLElement, {
      target: { value: '' },
    });

    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    const grid = await screen.findByRole('list');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    fireEvent.click(within(grid).getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.change(container.querySelector('input[type="search"]') as HTMLElement, {
      target: { value: 'footings' },
    });
    expect(englishLeftIn(container)).toEqual([]);
  });

  it('leaves no English in an open photo, its conflict and its editor’s label', async () => {
    const { container } = openExistingPhotos(PSEUDO_LOCALE);
    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    const grid = await screen.findByRole('list');
    const open = within(grid)
      .getAllByRole('button')
      .find((button) => button.textContent?.includes('10002'));
    fireEvent.click(open as HTMLElement);
    expect(container.textContent).toMatch(/47\.60620,~* -122\.33210/);
    expect(englishLeftIn(container)).toEqual([]);
  });
});

/** The batch's tag fields and the own-tags panel, as Add photos shows them. */
function Tags() {
  const state = useBatchTags();
  return (
    <>
      <BatchTagFields state={state} />
      <button type="button" onClick={() => state.setTagging(true)}>
        {'\u2026'}
      </button>
      <OwnTagsPanel state={state} selected={new Set([1, 2])} />
      <PhotoOwnTags photoName="IMG_1.jpg" tags={['rebar']} onRemove={() => undefined} />
    </>
  );
}

describe('the tag fields in the window’s language', () => {
  it('speaks Spanish', () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(<Tags />, bridge, 'es');
    screen.getByRole('textbox', { name: 'Etiquetas' });
    screen.getByLabelText('Etiquetas a partir de los nombres de carpeta');
    screen.getByRole('button', { name: 'Quitar la etiqueta rebar de IMG_1.jpg' });
    fireEvent.click(screen.getByRole('button', { name: '\u2026' }));
    const field = screen.getByRole('textbox', {
      name: 'Etiquetas para las 2 fotos seleccionadas (se suman a las del lote)',
    });
    expect(field.getAttribute('placeholder')).toBe('Escriba una etiqueta y pulse Intro');
    fireEvent.change(field, { target: { value: 'rebar' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    screen.getByRole('button', { name: 'Quitar la etiqueta rebar' });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir etiquetas a la selección' }));
    screen.getByText('2 fotos tienen también sus propias etiquetas.');
    screen.getByRole('button', { name: 'Quitar las etiquetas propias de las fotos' });
  });

  it('leaves no English in the pseudo-locale', () => {
    const { bridge } = fakeBridge({});
    const { container } = renderWithBridge(<Tags />, bridge, PSEUDO_LOCALE);
    fireEvent.click(screen.getByRole('button', { name: '\u2026' }));
    const field = screen.getAllByRole('textbox')[1] as HTMLElement;
    fireEvent.change(field, { target: { value: 'rebar' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(englishLeftIn(container)).toEqual([]);
    const add = screen.getAllByRole('button').find((button) => button.className === 'primary');
    fireEvent.click(add as HTMLElement);
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    expect(englishLeftIn(container)).toEqual([]);
  });
});
