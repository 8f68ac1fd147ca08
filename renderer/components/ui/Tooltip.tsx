import type { DOMAttributes, ReactElement } from 'react';
import {
  Focusable,
  type FocusableElement,
  type Placement,
  Tooltip as AriaTooltip,
  TooltipTrigger,
} from 'react-aria-components';
import './ui.css';

/**
 * A short name shown beside a control on hover and keyboard focus (React Aria's TooltipTrigger
 * and Tooltip, in the tokens' colours). For controls whose words are hidden, such as icon-only
 * buttons: the control keeps its own accessible name; the tooltip only shows it to the eye.
 *
 * `children` is one native focusable element (a `<button>`) that takes a ref: React Aria's
 * `Focusable` gives it the hover and focus handling. `isDisabled` turns the tooltip off (for
 * example while the control's words are visible anyway).
 */
export function Tooltip({
  text,
  children,
  placement = 'end',
  isDisabled = false,
}: {
  readonly text: string;
  readonly children: ReactElement<DOMAttributes<FocusableElement>, string>;
  readonly placement?: Placement;
  readonly isDisabled?: boolean;
}) {
  return (
    <TooltipTrigger delay={400} closeDelay={0} isDisabled={isDisabled}>
      <Focusable>{children}</Focusable>
      <AriaTooltip className="ui-tooltip" placement={placement} offset={6}>
        {text}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
