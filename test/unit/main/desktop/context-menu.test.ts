import { describe, expect, it } from 'vitest';
import { type ContextMenuParams, contextMenuTemplate } from '../../../../main/desktop/context-menu';
import { createTranslator } from '../../../../shared/i18n/translator';

const allowed = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };

/** What Electron's `context-menu` event gives, for a right-click in a text field by default. */
function params(change: Partial<ContextMenuParams> = {}): ContextMenuParams {
  return {
    isEditable: true,
    selectionText: '',
    misspelledWord: '',
    dictionarySuggestions: [],
    editFlags: allowed,
    ...change,
  };
}

/** The menu for `given`, in English. */
const menu = (given: ContextMenuParams) => contextMenuTemplate(given, createTranslator('en').t);

/** The menu as a user reads it: labels, `-` for a separator, `(off)` after a disabled entry. */
function read(entries: ReturnType<typeof contextMenuTemplate>): string[] {
  return entries.map((entry) =>
    entry.kind === 'separator' ? '-' : `${entry.label}${entry.enabled ? '' : ' (off)'}`,
  );
}

describe('the context menu of inputs and the description editor', () => {
  it('offers the spelling suggestions of a misspelled word, then Add to Dictionary, then editing', () => {
    const entries = menu(
      params({ misspelledWord: 'fundation', dictionarySuggestions: ['foundation', 'fundament'] }),
    );
    expect(read(entries)).toEqual([
      'foundation',
      'fundament',
      '-',
      'Add to Dictionary',
      '-',
      'Cut',
      'Copy',
      'Paste',
      '-',
      'Select All',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'replace-misspelling', word: 'foundation' });
    expect(entries[3]).toMatchObject({ kind: 'add-to-dictionary', word: 'fundation' });
  });

  it('says so when a misspelled word has no suggestion', () => {
    const entries = menu(params({ misspelledWord: 'qzxv' }));
    expect(read(entries).slice(0, 4)).toEqual([
      'No Guesses Found (off)',
      '-',
      'Add to Dictionary',
      '-',
    ]);
  });

  it('enables Cut, Copy, Paste and Select All as the field allows', () => {
    const entries = menu(
      params({ editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: false } }),
    );
    expect(read(entries)).toEqual(['Cut (off)', 'Copy (off)', 'Paste', '-', 'Select All (off)']);
    expect(entries.filter((entry) => entry.kind === 'edit').map((entry) => entry.action)).toEqual([
      'cut',
      'copy',
      'paste',
      'selectAll',
    ]);
  });

  it('offers at most five suggestions', () => {
    const words = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
    const entries = menu(params({ misspelledWord: 'aa', dictionarySuggestions: words }));
    expect(entries.filter((entry) => entry.kind === 'replace-misspelling')).toHaveLength(5);
  });

  it('offers Copy for selected text outside a field, and nothing without a selection', () => {
    expect(read(menu(params({ isEditable: false, selectionText: 'Harbor View' })))).toEqual([
      'Copy',
    ]);
    expect(menu(params({ isEditable: false }))).toEqual([]);
    expect(menu(params({ isEditable: false, selectionText: '  \n ' }))).toEqual([]);
  });

  it('speaks the language it is given', () => {
    const german = contextMenuTemplate(params({ misspelledWord: 'x' }), createTranslator('de').t);
    expect(read(german)).toEqual([
      'Keine Vorschläge (off)',
      '-',
      'Zum Wörterbuch hinzufügen',
      '-',
      'Ausschneiden',
      'Kopieren',
      'Einfügen',
      '-',
      'Alles auswählen',
    ]);
    const spanish = contextMenuTemplate(params({}), createTranslator('es').t);
    expect(read(spanish)).toEqual(['Cortar', 'Copiar', 'Pegar', '-', 'Seleccionar todo']);
  });
});
