import { ImagePlus, Images, ListChecks, type LucideIcon, Settings } from 'lucide-react';
import type { MessageKey } from '../../shared/i18n/catalogs';
import type { QueueProgressView } from '../../shared/ipc/views';
import { Tooltip } from '../components/ui/Tooltip';
import { useIntl } from 'react-intl';
import { useT } from '../i18n/use-t';

/** The window's screens, in the navigation's order. */
export const screens = ['add-photos', 'queue', 'existing-photos', 'settings'] as const;
export type Screen = (typeof screens)[number];

/** Each screen's name and icon on the navigation. */
const SCREEN_LOOK = {
  'add-photos': { name: 'nav.addPhotos', icon: ImagePlus },
  queue: { name: 'nav.queue', icon: ListChecks },
  'existing-photos': { name: 'nav.existingPhotos', icon: Images },
  settings: { name: 'nav.settings', icon: Settings },
} as const satisfies Record<Screen, { name: MessageKey; icon: LucideIcon }>;

/** The Queue's badge: photos needing attention (a warning), else photos still to upload. */
export type QueueBadge = { readonly count: number; readonly tone: 'attention' | 'waiting' };

/** The badge the queue's progress calls for; undefined when nothing is waiting or stuck. */
export function queueBadge(progress: QueueProgressView | undefined): QueueBadge | undefined {
  if (progress === undefined) return undefined;
  if (progress.needsAttention > 0) return { count: progress.needsAttention, tone: 'attention' };
  const waiting = progress.stages.preparing + progress.stages.creating + progress.stages.processing;
  return waiting > 0 ? { count: waiting, tone: 'waiting' } : undefined;
}

/**
 * The primary navigation: one button per screen with its icon and name, the current one marked
 * `aria-current="page"`, the Queue with its badge. In a narrow window (under 900 CSS px, or
 * 200 % zoom) the names are hidden from the eye but stay the buttons' names, shown in a tooltip.
 */
export function AppNav({
  current,
  onChange,
  badge,
  narrow,
}: {
  readonly current: Screen;
  readonly onChange: (screen: Screen) => void;
  readonly badge: QueueBadge | undefined;
  readonly narrow: boolean;
}) {
  const t = useT();
  const intl = useIntl();
  return (
    <nav className="app-nav" aria-label={t('nav.label')} data-narrow={narrow || undefined}>
      <ul>
        {screens.map((screen) => {
          const { name, icon: Icon } = SCREEN_LOOK[screen];
          const words = t(name);
          const shown = screen === 'queue' ? badge : undefined;
          // The badge's number alone says little: the button's name says what it counts.
          const label =
            shown === undefined
              ? undefined
              : t(shown.tone === 'attention' ? 'nav.queueNeedsAttention' : 'nav.queueWaiting', {
                  count: shown.count,
                });
          return (
            <li key={screen}>
              <Tooltip text={label ?? words} isDisabled={!narrow}>
                <button
                  type="button"
                  className="app-nav-item"
                  aria-current={current === screen ? 'page' : undefined}
                  aria-label={label}
                  onClick={() => onChange(screen)}
                >
                  <Icon className="app-nav-icon" aria-hidden size={20} />
                  <span className="app-nav-name">{words}</span>
                  {shown === undefined ? null : (
                    <span className="app-nav-badge" data-tone={shown.tone} aria-hidden>
                      {intl.formatNumber(shown.count)}
                    </span>
                  )}
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
