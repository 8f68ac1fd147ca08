import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { KeptFocusRestorer, useFocusKeeper } from '../../components/keep-focus';

/**
 * The side panel of Existing photos (one photo's editor, or the description of the selected
 * photos), with a heading and a close button. Beside the grid on a wide window it is a region and
 * not modal: the grid stays usable. With `modal` (a photo's editor on a narrow window, where it
 * lies over the grid) it is a modal dialog (React Aria's ModalOverlay): the focus stays inside it,
 * the rest of the window is hidden from the keyboard, the pointer and screen readers until it
 * closes. Either way Escape closes it. With `takeFocus` the focus moves to its heading when it
 * opens (the parent returns it to the card on close). A window resized across the line rebuilds
 * the panel in its other form; the focus stays on the same control.
 */
export function PhotoPanel({
  heading,
  closeLabel,
  onClose,
  takeFocus,
  modal = false,
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
  /** Over the grid (narrow window): a modal dialog rather than a region beside the grid. */
  readonly modal?: boolean;
  readonly children: ReactNode;
}) {
  const headingId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) title.current?.focus();
  }, [takeFocus]);
  const keeper = useFocusKeeper(title);
  const className = takeFocus ? 'photo-panel over-narrow' : 'photo-panel';
  const content = (
    <>
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
      <KeptFocusRestorer keeper={keeper} />
    </>
  );
  if (modal)
    return (
      // Escape closes it, as the close button does; a press on the dimmed window does not (a
      // stray click would throw away a description being typed).
      <ModalOverlay
        isOpen
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className="photo-panel-overlay"
      >
        <Modal className="photo-panel-modal">
          <Dialog aria-labelledby={headingId} className={className} {...keeper.rootProps}>
            {content}
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  return (
    <section
      className={className}
      aria-labelledby={headingId}
      {...keeper.rootProps}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      {content}
    </section>
  );
}
