import type { ReactNode } from 'react';
import {
  Button,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  MenuTrigger,
  type Placement,
  Popover,
} from 'react-aria-components';
import './ui.css';

/**
 * A button that opens a menu of actions (React Aria's MenuTrigger, Popover and Menu): arrow keys
 * move between the items, Enter or a click runs one, Escape closes the menu and focus returns to
 * the button. The menu is named by its button (React Aria labels it by the trigger): `trigger`
 * is what the button shows, words or an icon with `triggerLabel` as its accessible name.
 */
export function Menu({
  trigger,
  triggerLabel,
  triggerClassName = 'ui-button',
  placement = 'bottom end',
  children,
}: {
  readonly trigger: ReactNode;
  readonly triggerLabel?: string;
  readonly triggerClassName?: string;
  readonly placement?: Placement;
  readonly children: ReactNode;
}) {
  return (
    <MenuTrigger>
      <Button
        className={triggerClassName}
        {...(triggerLabel === undefined ? {} : { 'aria-label': triggerLabel })}
      >
        {trigger}
      </Button>
      <Popover className="ui-popover" placement={placement} offset={6}>
        <AriaMenu className="ui-menu">{children}</AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * One action of a {@link Menu}: `onAction` runs when it is chosen; `tone="danger"` for an action
 * that removes or ends something. Give `textValue` when the children are not plain words.
 */
export function MenuItem({
  tone,
  ...props
}: MenuItemProps & { readonly tone?: 'danger' | undefined }) {
  return <AriaMenuItem {...props} className="ui-menu-item" data-tone={tone} />;
}
