import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useState } from 'react';
import { TEMPLATE_TOKENS, type TemplateToken } from '../../shared/domain/description-template';
import { sanitizeDescription } from '../../shared/description/description-policy';
import type { MessageKey } from '../../shared/i18n/catalogs';
import { useT } from '../i18n/use-t';
import { descriptionFromEditor } from './description-html';
import { Menu, MenuItem } from './ui/Menu';

/**
 * A toolbar button's keyboard shortcut: the keys for `aria-keyshortcuts` and how its title says
 * them (the modifiers' names differ by language: "Strg" in German).
 */
type Shortcut = {
  readonly keys: string;
  readonly title: MessageKey;
  readonly key: string;
};

const SHORTCUTS = {
  bold: { keys: 'Control+B', title: 'editor.shortcut.control', key: 'B' },
  italic: { keys: 'Control+I', title: 'editor.shortcut.control', key: 'I' },
  bullet: { keys: 'Control+Shift+8', title: 'editor.shortcut.controlShift', key: '8' },
  ordered: { keys: 'Control+Shift+7', title: 'editor.shortcut.controlShift', key: '7' },
  unlink: { keys: 'Control+Shift+K', title: 'editor.shortcut.controlShift', key: 'K' },
  link: { keys: 'Control+K', title: 'editor.shortcut.control', key: 'K' },
} as const satisfies Record<string, Shortcut>;

/** What each template token gives, as the token menu explains it. */
const TOKEN_MEANINGS = {
  folder: 'editor.token.folder',
  path: 'editor.token.path',
  file: 'editor.token.file',
  date: 'editor.token.date',
  time: 'editor.token.time',
  camera: 'editor.token.camera',
  project: 'editor.token.project',
  tags: 'editor.token.tags',
} as const satisfies Record<TemplateToken, MessageKey>;

/** Where the caret or the selection is in an editor's text (ProseMirror's positions). */
export type TextRange = { readonly from: number; readonly to: number };

/**
 * Rich text limited to what the Photo Service allows: bold, italic, bulleted and numbered lists,
 * links, paragraphs and line breaks (TipTap with everything else switched off). Pasted HTML is
 * cleaned with the service's policy before it lands, and the preview shows exactly the HTML that
 * will be sent: the same `sanitizeDescription` main applies.
 *
 * Where a description may be a template (a batch's, issue 26 §1), `tokenMenu` adds an "Insert
 * token" menu to the toolbar and `preview` replaces the preview's content (each photo's own).
 *
 * With `caret`, the caret survives a rebuild: the editor writes where it is into the parent's
 * ref, and a new editor in its place (a panel changing form as the window is resized) starts there.
 */
export function DescriptionEditor({
  label,
  value,
  onChange,
  tokenMenu = false,
  preview: previewOf,
  caret,
}: {
  readonly label: string;
  /** Sanitized HTML. */
  readonly value: string;
  readonly onChange: (html: string) => void;
  /** Whether the toolbar offers the template tokens (only where a template is rendered). */
  readonly tokenMenu?: boolean;
  /** What the preview shows instead of the sanitized value (a template's result per photo). */
  readonly preview?: ReactNode;
  /** Where the caret is, held by a parent that outlives this editor. */
  readonly caret?: RefObject<TextRange | undefined> | undefined;
}) {
  const t = useT();
  const labelId = useId();
  const previewId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const editor = useEditor({
    // The window's CSP allows no inline styles; the editor's few rules are in styles.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
    ],
    // What comes in from outside (a photo's description from the service) is sanitized again.
    content: sanitizeDescription(value),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': previewId,
        class: 'editor-body',
      },
      transformPastedHTML: (html) => sanitizeDescription(html),
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => onChange(descriptionFromEditor(changed.getHTML())),
    onSelectionUpdate: ({ editor: moved }) => {
      // Not before onCreate has put the kept caret back (TipTap runs it a moment after the
      // editor is in the page): the focus coming back meanwhile would overwrite it with the start.
      if (caret && moved.isInitialized)
        caret.current = { from: moved.state.selection.from, to: moved.state.selection.to };
    },
    onCreate: ({ editor: created }) => {
      // TipTap runs this a moment after the editor is in the page; a click in that moment loses
      // to the kept caret. setTextSelection keeps it inside the text the editor has now.
      if (caret?.current) created.commands.setTextSelection(caret.current);
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  // A value set from outside (another photo opened, the form cleared) replaces the content.
  useEffect(() => {
    if (editor && descriptionFromEditor(editor.getHTML()) !== value)
      editor.commands.setContent(sanitizeDescription(value), { emitUpdate: false });
  }, [editor, value]);

  const preview = sanitizeDescription(value);
  const addLink = (event: FormEvent) => {
    event.preventDefault();
    const href = sanitizeDescription(`<a href="${linkUrl.replace(/"/g, '%22')}">x</a>`).includes(
      'href',
    )
      ? linkUrl
      : undefined;
    if (href) editor?.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };
  const button = (
    name: string,
    shortcut: Shortcut,
    pressed: boolean | undefined,
    run: () => void,
    text: string,
  ) => (
    <button
      type="button"
      aria-label={name}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut.keys}
      title={t(shortcut.title, { name, key: shortcut.key })}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  return (
    <div className="description-editor">
      <span id={labelId} className="label">
        {label}
      </span>
      <div
        role="toolbar"
        aria-label={t('editor.toolbar.label', { label })}
        className="editor-toolbar"
      >
        {/* "B" and "I" are the buttons' glyphs, as in every language's editors' toolbars. */}
        {button(
          t('editor.bold'),
          SHORTCUTS.bold,
          active?.bold,
          () => editor?.chain().focus().toggleBold().run(),
          'B',
        )}
        {button(
          t('editor.italic'),
          SHORTCUTS.italic,
          active?.italic,
          () => editor?.chain().focus().toggleItalic().run(),
          'I',
        )}
        {button(
          t('editor.bulletList'),
          SHORTCUTS.bullet,
          active?.bullet,
          () => editor?.chain().focus().toggleBulletList().run(),
          t('editor.bulletList.text'),
        )}
        {button(
          t('editor.orderedList'),
          SHORTCUTS.ordered,
          active?.ordered,
          () => editor?.chain().focus().toggleOrderedList().run(),
          t('editor.orderedList.text'),
        )}
        {active?.link
          ? button(
              t('editor.unlink'),
              SHORTCUTS.unlink,
              true,
              () => editor?.chain().focus().unsetLink().run(),
              t('editor.unlink.text'),
            )
          : button(
              t('editor.link'),
              SHORTCUTS.link,
              false,
              () => setLinkOpen(true),
              t('editor.link.text'),
            )}
        {tokenMenu ? (
          <Menu
            trigger={t('editor.token.menu')}
            triggerClassName="token-menu-button"
            placement="bottom start"
          >
            {TEMPLATE_TOKENS.map((token) => (
              <MenuItem
                key={token}
                id={token}
                textValue={`{${token}}`}
                // Inserted where the caret was: TipTap keeps the selection while the menu is open.
                onAction={() => editor?.chain().focus().insertContent(`{${token}}`).run()}
              >
                {t(TOKEN_MEANINGS[token], { token: `{${token}}` })}
              </MenuItem>
            ))}
          </Menu>
        ) : null}
      </div>
      {linkOpen ? (
        <form className="link-form" onSubmit={addLink}>
          <label>
            {t('editor.linkForm.address')}
            <input value={linkUrl} onChange={(event) => setLinkUrl(event.target.value)} autoFocus />
          </label>
          <button type="submit">{t('editor.linkForm.add')}</button>
          <button type="button" onClick={() => setLinkOpen(false)}>
            {t('editor.linkForm.cancel')}
          </button>
        </form>
      ) : null}
      <EditorContent editor={editor} />
      <div className="preview-block">
        <span className="label">{t('editor.preview.label')}</span>
        {previewOf !== undefined ? (
          <div key="own" id={previewId} className="preview-own">
            {previewOf}
          </div>
        ) : preview === '' ? (
          <div
            key="empty"
            id={previewId}
            className="preview"
            onClickCapture={(event) => event.preventDefault()}
          >
            <p>
              <em>{t('editor.preview.empty')}</em>
            </p>
          </div>
        ) : (
          <div
            key="preview"
            id={previewId}
            className="preview"
            // Links in the preview are for reading, not for following.
            onClickCapture={(event) => event.preventDefault()}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        )}
      </div>
    </div>
  );
}
