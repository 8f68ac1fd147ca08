import {
  ArrowUpFromLine,
  CircleCheck,
  CirclePause,
  CircleX,
  Clock,
  type LucideIcon,
  TriangleAlert,
} from 'lucide-react';
import type { StateTone } from './queue-groups';

/**
 * One shape per tone, drawn in the text's colour: next to the words, the shape tells the states
 * apart even for someone who cannot tell the colours apart.
 */
const ICONS: Readonly<Record<StateTone, LucideIcon>> = {
  waiting: Clock,
  // Being sent.
  working: ArrowUpFromLine,
  done: CircleCheck,
  attention: TriangleAlert,
  paused: CirclePause,
  cancelled: CircleX,
};

/** The icon of a tone of state (16 px, `currentColor`), hidden from screen readers: they read the words. */
export function StateIcon({ tone }: { readonly tone: StateTone }) {
  const Icon = ICONS[tone];
  return (
    <Icon
      className="state-icon"
      data-tone={tone}
      size={16}
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    />
  );
}
