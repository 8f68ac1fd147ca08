import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The side panel of Existing photos (one photo's editor, or the description of the selected
 * photos): a region with a heading and a close button, beside the grid on a wide window; on a
 * narrow one a photo's editor slides over the grid, the selection's stays under it (more photos
 * can still be picked). It is not modal: the grid stays usable. Escape closes it. With `takeFocus`
 * the focus moves to its heading when it opens (the parent returns it to the card on close).
 */
export function PhotoPanel({
  heading,
  closeLabel,
  onClose,
  takeFocus,
  children,
}: {
  readonly heading: string;
  /** The close button's name (it shows only the icon; the name is its tooltip too). */
  readonly closeLabel: string;
  readonly onClose: () => void;
  /**
   * Move the focus in when opened, and lie over the grid on a narrow window: yes for a photo
   * opened from its card, not for a selection (the grid stays in reach to pick more).
   */
  readonly takeFocus: boolean;
  readonly children: ReactNode;
}) {
  const headingId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) title.current?.focus();
  }, [takeFocus]);
  return (
    <section
      className={takeFocus ? 'photo-panel over-narrow' : 'photo-panel'}
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="photo-panel-header">
        <h3 id={headingId} ref={title} tabIndex={-1}>
          {heading}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        >
          <X aria-hidden="true" className="icon" />
        </button>
      </div>
      {children}
    </section>
  );
}
