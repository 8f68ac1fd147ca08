/**
 * The part of Electron's `context-menu` event parameters the menu is built from (Electron's
 * `ContextMenuParams` has these fields; main/app passes it as it comes).
 */
export type ContextMenuParams = {
  /** Whether the click was in a text field or the description editor. */
  readonly isEditable: boolean;
  readonly selectionText: string;
  /** The word under the click when the spellchecker marked it; empty otherwise. */
  readonly misspelledWord: string;
  readonly dictionarySuggestions: readonly string[];
  readonly editFlags: {
    readonly canCut: boolean;
    readonly canCopy: boolean;
    readonly canPaste: boolean;
    readonly canSelectAll: boolean;
  };
};

/** The editing commands, named as Electron's menu roles. */
export type EditAction = 'cut' | 'copy' | 'paste' | 'selectAll';

/** One entry of the context menu, as plain data. */
export type ContextMenuEntry =
  | {
      readonly kind: 'replace-misspelling';
      readonly label: string;
      readonly word: string;
      readonly enabled: true;
    }
  | { readonly kind: 'no-suggestions'; readonly label: string; readonly enabled: false }
  | {
      readonly kind: 'add-to-dictionary';
      readonly label: string;
      readonly word: string;
      readonly enabled: true;
    }
  | {
      readonly kind: 'edit';
      readonly action: EditAction;
      readonly label: string;
      readonly enabled: boolean;
    }
  | { readonly kind: 'separator' };

/** Every word the context menu shows (one place, for the translations to come). */
export const CONTEXT_MENU_WORDS = {
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  addToDictionary: 'Add to Dictionary',
  noSuggestions: 'No Guesses Found',
} as const;

/** The words a context menu is built with. */
export type ContextMenuWords = { readonly [K in keyof typeof CONTEXT_MENU_WORDS]: string };

/** More suggestions than this make a long menu for little gain (Chromium offers a few too). */
const MAX_SUGGESTIONS = 5;

/**
 * The context menu for a right-click, from Electron's `context-menu` parameters: in a text field
 * or the description editor, the spellchecker's suggestions for a misspelled word (or "No Guesses
 * Found") and Add to Dictionary, then Cut, Copy, Paste and Select All, each enabled as the field
 * allows; on selected text elsewhere, Copy; otherwise nothing (no menu is shown).
 */
export function contextMenuTemplate(
  params: ContextMenuParams,
  words: ContextMenuWords = CONTEXT_MENU_WORDS,
): ContextMenuEntry[] {
  const { editFlags } = params;
  const edit = (action: EditAction, enabled: boolean): ContextMenuEntry => ({
    kind: 'edit',
    action,
    label: words[action],
    enabled,
  });
  if (!params.isEditable)
    return params.selectionText.trim() === '' ? [] : [edit('copy', editFlags.canCopy)];
  const spelling: ContextMenuEntry[] = [];
  const word = params.misspelledWord;
  if (word !== '') {
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    spelling.push(
      ...(suggestions.length > 0
        ? suggestions.map((suggestion): ContextMenuEntry => ({
            kind: 'replace-misspelling',
            label: suggestion,
            word: suggestion,
            enabled: true,
          }))
        : [{ kind: 'no-suggestions', label: words.noSuggestions, enabled: false } as const]),
      { kind: 'separator' },
      { kind: 'add-to-dictionary', label: words.addToDictionary, word, enabled: true },
      { kind: 'separator' },
    );
  }
  return [
    ...spelling,
    edit('cut', editFlags.canCut),
    edit('copy', editFlags.canCopy),
    edit('paste', editFlags.canPaste),
    { kind: 'separator' },
    edit('selectAll', editFlags.canSelectAll),
  ];
}
