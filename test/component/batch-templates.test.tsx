// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SavedTemplate, WithManaged } from '../../shared/domain/presets';
import type { IntakeItemView } from '../../shared/ipc/views';
import { intakeItemView } from '../fakes/intake-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { useJsdomLayout } from './jsdom-layout';
import { renderIntakeScreen } from './render-intake-screen';
import { fakeBridge } from './render-with-bridge';

// The batch's description as a template (issue 26 §1): tokens from a menu, each photo's own
// description previewed by the core, sent as the template, saved and picked by name.

afterEach(cleanup);
// ProseMirror scrolls the caret into view after an insertion; jsdom's ranges have no boxes.
beforeAll(() => {
  const noBoxes = (): DOMRectList => document.createElement('div').getClientRects();
  Range.prototype.getClientRects = noBoxes;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
useJsdomLayout({ width: 800, height: 600 });

const harbor = { id: 'p1', name: 'Harbor', address: 'Pier 4', photoCount: undefined };
const office: WithManaged<SavedTemplate> = {
  name: 'Site visit',
  template: '<p>{folder}, {date}</p>',
  managed: true,
};
const mine: WithManaged<SavedTemplate> = {
  name: 'Mine',
  template: '<p>{file}</p>',
  managed: false,
};

const photos = (count: number): IntakeItemView[] =>
  Array.from({ length: count }, (_, index) => intakeItemView(index + 1));

/** The bridge of these tests: Harbor as a recent project, previews and queuing answered. */
function bridgeWith(templates: readonly WithManaged<SavedTemplate>[] = []) {
  return fakeBridge({
    'settings:get': settingsViewFixture({ descriptionTemplates: templates }),
    'settings:set': settingsViewFixture({
      descriptionTemplates: [
        office,
        mine,
        { name: 'Level 2', template: '<p>{folder}</p>', managed: false },
      ],
    }),
    'projects:recent': [harbor],
    'projects:list-all': { projects: [] },
    'queue:preview-descriptions': {
      photos: [
        { intakeId: 1, fileName: 'IMG_1.jpg', description: '<p>North, 2024-05-01</p>' },
        { intakeId: 2, fileName: 'IMG_2.jpg', description: '<p>South, 2024-05-02</p>' },
        { intakeId: 3, fileName: 'IMG_3.jpg', description: '<p>South, 2024-05-03</p>' },
      ],
    },
    'queue:add-photos': { added: 2, alreadyQueued: 0, addedIntakeIds: [1, 2], skipped: [] },
  });
}

/** The batch's description editor (TipTap's editable body). */
const editorBody = () => screen.getByRole('textbox', { name: 'Description' });

describe('the Insert token menu', () => {
  it('opens from the keyboard, explains each token, inserts one and closes', async () => {
    const { bridge } = bridgeWith();
    renderIntakeScreen(photos(2), bridge);
    const button = await screen.findByRole('button', { name: 'Insert token' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Insert token' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toContain('{folder} — the photo’s folder name');
    expect(items).toHaveLength(8);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1]!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'Enter' });
    fireEvent.keyUp(items[0]!, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(editorBody().textContent).toBe('{folder}');

    // Escape closes it without inserting, and the focus is back on its button.
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    const again = await screen.findByRole('menu', { name: 'Insert token' });
    fireEvent.keyDown(within(again).getAllByRole('menuitem')[0]!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(editorBody().textContent).toBe('{folder}');
  });

  it('is not offered where a photo gets a description of its own', async () => {
    const { bridge } = bridgeWith();
    renderIntakeScreen(photos(2), bridge);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Select all/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Own description for selected…' }));
    await screen.findByRole('textbox', { name: /Description for the 2 selected/ });
    // Two editors, one menu: the batch's.
    expect(screen.getAllByRole('toolbar')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Insert token' })).toHaveLength(1);
  });
});

/** Inserts `{token}` into the batch's description from the menu, as a keyboard user does. */
async function insertToken(label: string) {
  const button = await screen.findByRole('button', { name: 'Insert token' });
  fireEvent.keyDown(button, { key: 'ArrowDown' });
  const item = await screen.findByRole('menuitem', { name: new RegExp(`^${label}`) });
  fireEvent.keyDown(item, { key: 'Enter' });
  fireEvent.keyUp(item, { key: 'Enter' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
}

describe('the preview of a template', () => {
  it('shows the first photos’ own descriptions from the core, and how many more', async () => {
    const { bridge, calls } = bridgeWith();
    renderIntakeScreen(photos(5), bridge);
    // Without tokens, the preview is the description as it is.
    expect(await screen.findByText('(no description)')).toBeTruthy();
    await insertToken('\\{folder\\}');

    expect(await screen.findByLabelText('Preview of IMG_2.jpg')).toHaveProperty(
      'innerHTML',
      '<p>South, 2024-05-02</p>',
    );
    expect(screen.getByLabelText('Preview of IMG_1.jpg').textContent).toBe('North, 2024-05-01');
    expect(screen.getByText('…and 2 more, each with its own')).toBeTruthy();
    const asked = calls.filter((entry) => entry.channel === 'queue:preview-descriptions');
    expect(asked.at(-1)?.input).toEqual({
      intakeIds: [1, 2, 3],
      descriptionTemplate: '<p>{folder}</p>',
      tags: [],
      tagsFromFolders: false,
      photoTags: [],
    });
  });
});

describe('a batch description with tokens', () => {
  it('is sent as the template, for the core to render for each photo', async () => {
    const { bridge, calls } = bridgeWith();
    renderIntakeScreen(photos(2), bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    await insertToken('\\{date\\}');
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
    await waitFor(() => expect(calls.some((c) => c.channel === 'queue:add-photos')).toBe(true));
    expect(calls.find((entry) => entry.channel === 'queue:add-photos')?.input).toMatchObject({
      projectId: 'p1',
      description: '',
      descriptionTemplate: '<p>{date}</p>',
    });
  });
});

describe('saved templates in the batch panel', () => {
  it('fills the description from a picked template, the organisation’s marked', async () => {
    const { bridge } = bridgeWith([office, mine]);
    renderIntakeScreen(photos(2), bridge);
    const picker = await screen.findByRole('combobox', { name: 'Template' });
    expect(
      screen.getByRole('option', { name: 'Site visit (set by your organisation)' }),
    ).toBeTruthy();
    fireEvent.change(picker, { target: { value: 'Mine' } });
    await waitFor(() => expect(editorBody().innerHTML).toBe('<p>{file}</p>'));
    expect((picker as HTMLSelectElement).value).toBe('Mine');
  });

  it('saves the description under a name with the user’s own templates only', async () => {
    const { bridge, calls } = bridgeWith([office, mine]);
    renderIntakeScreen(photos(2), bridge);
    await insertToken('\\{folder\\}');
    fireEvent.click(screen.getByRole('button', { name: 'Save as template…' }));
    const name = screen.getByRole('textbox', { name: 'Template name' });
    fireEvent.change(name, { target: { value: 'site VISIT' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(
      screen.getByText('“site VISIT” is a template set by your organisation. Choose another name.'),
    ).toBeTruthy();
    fireEvent.change(name, { target: { value: ' Level 2 ' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await screen.findByText('Saved the template “Level 2”.')).toBeTruthy();
    expect(calls.find((entry) => entry.channel === 'settings:set')?.input).toEqual({
      descriptionTemplates: [
        { name: 'Mine', template: '<p>{file}</p>' },
        { name: 'Level 2', template: '<p>{folder}</p>' },
      ],
    });
    expect(calls.some((entry) => entry.channel === 'queue:add-photos')).toBe(false);
  });

  it('says an unknown token under the editor, and Upload says it rather than queueing', async () => {
    const { bridge, calls } = bridgeWith([
      { name: 'Old', template: '<p>{site}</p>', managed: false },
    ]);
    renderIntakeScreen(photos(2), bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Template' }), {
      target: { value: 'Old' },
    });
    const problem = await screen.findByText(/^The description template uses \{site\}/);
    expect(problem.getAttribute('role')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos to Harbor' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/\{site\}/);
    expect(calls.some((entry) => entry.channel === 'queue:add-photos')).toBe(false);
    expect(calls.some((entry) => entry.channel === 'queue:preview-descriptions')).toBe(false);
  });
});
