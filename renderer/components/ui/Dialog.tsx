import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './ui.css';

/**
 * A modal dialog over a dimmed window (React Aria's ModalOverlay, Modal and Dialog): focus moves
 * into it and stays there until it closes, then returns to where it was; Escape closes it unless
 * `isDismissable` is false (then only its own buttons do). Controlled: the caller keeps `isOpen`
 * and hears `onOpenChange(false)`. `title` is its heading and accessible name; `children` get a
 * `close` function for their buttons. `size="wide"` for a side-by-side editor.
 */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  isDismissable = true,
  size = 'normal',
  children,
}: {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly title: string;
  readonly isDismissable?: boolean;
  readonly size?: 'normal' | 'wide';
  readonly children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <ModalOverlay
      className="ui-modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
    >
      <Modal className="ui-modal" data-size={size}>
        <AriaDialog className="ui-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="ui-dialog-title">
                {title}
              </Heading>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
