import type { ReactNode } from 'react';
import type { StateTone } from './queue-groups';

/**
 * One shape per tone, drawn in the text's colour: next to the words, the shape tells the states
 * apart even for someone who cannot tell the colours apart. Hidden from screen readers, which
 * read the words.
 */
const SHAPES: Readonly<Record<StateTone, ReactNode>> = {
  // A clock face.
  waiting: (
    <>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M8 4.5V8l2.5 1.5" />
    </>
  ),
  // An arrow going up: being sent.
  working: <path d="M8 13.5V3M3.5 7.5 8 3l4.5 4.5" />,
  // A tick.
  done: <path d="M2.5 8.5 6.5 12.5 13.5 4" />,
  // A triangle with an exclamation mark.
  attention: (
    <>
      <path d="M8 1.75 14.75 14H1.25Z" />
      <path d="M8 6v3.5M8 11.5v.5" />
    </>
  ),
  // Two bars.
  paused: <path d="M5.5 3v10M10.5 3v10" />,
  // A cross.
  cancelled: <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" />,
};

/** The icon of a tone of state (16 px, `currentColor`). */
export function StateIcon({ tone }: { readonly tone: StateTone }) {
  return (
    <svg
      className="state-icon"
      data-tone={tone}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {SHAPES[tone]}
    </svg>
  );
}
