import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A badge's tone, each a background and ink pair of the design tokens: `info` for facts,
 * `quiet` for what needs no look, `warn` for what the user should look at, `danger` for files
 * that will not be uploaded, `success` for what was fixed.
 */
export type BadgeTone = 'info' | 'quiet' | 'warn' | 'danger' | 'success';

/**
 * A short fact about a photo: an icon and words, in a tone. The icon is decoration (hidden from
 * screen readers); the words say it all, so the tone is never the only sign.
 */
export function Badge({
  tone,
  icon: Icon,
  title,
  children,
}: {
  readonly tone: BadgeTone;
  readonly icon: LucideIcon;
  readonly title?: string | undefined;
  readonly children: ReactNode;
}) {
  return (
    <span className={`intake-badge tone-${tone}`} title={title}>
      <Icon aria-hidden="true" focusable="false" className="intake-badge-icon" />
      <span>{children}</span>
    </span>
  );
}
