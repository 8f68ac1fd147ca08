import { useEffect, useRef } from 'react';

/**
 * A step's heading, which takes the focus when the step appears: a screen reader announces the
 * new step, and the next Tab goes to its first field.
 */
export function StepHeading({ id, children }: { readonly id: string; readonly children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 id={id} ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}
