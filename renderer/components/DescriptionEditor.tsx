import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { sanitizeDescription } from '../../shared/description/description-policy';
import { descriptionFromEditor } from './description-html';

/**
 * Rich text limited to what the Photo Service allows: bold, italic, bulleted and numbered lists,
 * links, paragraphs and line breaks (TipTap with everything else switched off). Pasted HTML is
 * cleaned with the service's policy before it lands, and the preview shows exactly the HTML that
 * will be sent: the same `sanitizeDescription` main applies.
 */
export function DescriptionEditor({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  /** Sanitized HTML. */
  readonly value: string;
  readonly onChange: (html: string) => void;
}) {
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
    shortcut: string,
    pressed: boolean | undefined,
    run: () => void,
    text: string,
  ) => (
    <button
      type="button"
      aria-label={name}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut}
      title={`${name} (${shortcut})`}
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
      <div role="toolbar" aria-label={`${label}: formatting`} className="editor-toolbar">
        {button(
          'Bold',
          'Control+B',
          active?.bold,
          () => editor?.chain().focus().toggleBold().run(),
          'B',
        )}
        {button(
          'Italic',
          'Control+I',
          active?.italic,
          () => editor?.chain().focus().toggleItalic().run(),
          'I',
        )}
        {button(
          'Bulleted list',
          'Control+Shift+8',
          active?.bullet,
          () => editor?.chain().focus().toggleBulletList().run(),
          '• List',
        )}
        {button(
          'Numbered list',
          'Control+Shift+7',
          active?.ordered,
          () => editor?.chain().focus().toggleOrderedList().run(),
          '1. List',
        )}
        {active?.link
          ? button(
              'Remove link',
              'Control+Shift+K',
              true,
              () => editor?.chain().focus().unsetLink().run(),
              'Unlink',
            )
          : button('Link', 'Control+K', false, () => setLinkOpen(true), 'Link')}
      </div>
      {linkOpen ? (
        <form className="link-form" onSubmit={addLink}>
          <label>
            Link address (https, http or mailto)
            <input value={linkUrl} onChange={(event) => setLinkUrl(event.target.value)} autoFocus />
          </label>
          <button type="submit">Add link</button>
          <button type="button" onClick={() => setLinkOpen(false)}>
            Cancel
          </button>
        </form>
      ) : null}
      <EditorContent editor={editor} />
      <div className="preview-block">
        <span className="label">Preview: exactly what will be sent</span>
        <div
          id={previewId}
          className="preview"
          // Links in the preview are for reading, not for following.
          onClickCapture={(event) => event.preventDefault()}
          dangerouslySetInnerHTML={{
            __html: preview === '' ? '<p><em>(no description)</em></p>' : preview,
          }}
        />
      </div>
    </div>
  );
}
