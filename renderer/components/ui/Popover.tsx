import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, type Placement, Popover } from 'react-aria-components';
import './ui.css';

/**
 * A button that opens a small panel beside it (React Aria's DialogTrigger, Popover and a
 * non-modal Dialog): for what is read and then acted on, such as an account's details and its
 * Sign out button, which a menu of actions would not read out. Escape or a click outside closes
 * it and focus returns to the button. `label` names the panel; `trigger` is what the button shows
 * and `triggerClassName` its look.
 */
export function PopoverPanel({
  label,
  trigger,
  triggerClassName = 'ui-button',
  placement = 'bottom end',
  children,
}: {
  readonly label: string;
  readonly trigger: ReactNode;
  readonly triggerClassName?: string;
  readonly placement?: Placement;
  readonly children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <DialogTrigger>
      <Button className={triggerClassName}>{trigger}</Button>
      <Popover className="ui-popover" placement={placement} offset={6}>
        <Dialog className="ui-popover-dialog" aria-label={label}>
          {({ close }) => (typeof children === 'function' ? children(close) : children)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
