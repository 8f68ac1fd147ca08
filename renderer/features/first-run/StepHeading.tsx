import { useLayoutEffect, useRef } from 'react';

/**
 * A step's heading, which takes the focus when the step appears: a screen reader announces the
 * new step, and the next Tab goes to its first field. A layout effect, so the heading has the focus
 * when the step is first painted (a passive effect left a moment where the new step showed with the
 * focus on the button that was just removed).
 */
export function StepHeading({ id, children }: { readonly id: string; readonly children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <h2 id={id} ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}
