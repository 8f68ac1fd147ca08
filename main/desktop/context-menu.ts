import type { MessageKey } from '../../shared/i18n/catalogs';
import type { Translate } from '../../shared/i18n/translator';

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

/** The catalog key of each editing command's label. */
const EDIT_LABELS = {
  cut: 'menu.edit.cut',
  copy: 'menu.edit.copy',
  paste: 'menu.edit.paste',
  selectAll: 'menu.edit.selectAll',
} as const satisfies Record<EditAction, MessageKey>;

/** More suggestions than this make a long menu for little gain (Chromium offers a few too). */
const MAX_SUGGESTIONS = 5;

/**
 * The context menu for a right-click, in the words of `t`, from Electron's `context-menu`
 * parameters: in a text field or the description editor, the spellchecker's suggestions for a
 * misspelled word (or "No Guesses Found") and Add to Dictionary, then Cut, Copy, Paste and Select
 * All, each enabled as the field allows; on selected text elsewhere, Copy; otherwise nothing (no
 * menu is shown).
 */
export function contextMenuTemplate(params: ContextMenuParams, t: Translate): ContextMenuEntry[] {
  const { editFlags } = params;
  const edit = (action: EditAction, enabled: boolean): ContextMenuEntry => ({
    kind: 'edit',
    action,
    label: t(EDIT_LABELS[action]),
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
        : [
            {
              kind: 'no-suggestions',
              label: t('menu.context.noSuggestions'),
              enabled: false,
            } as const,
          ]),
      { kind: 'separator' },
      { kind: 'add-to-dictionary', label: t('menu.context.addToDictionary'), word, enabled: true },
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
