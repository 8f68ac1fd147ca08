import {
  CircleCheck,
  CircleExclamationPoint,
  Info,
  TriangleExclamationPoint,
  X,
} from 'lucide-react';
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { useT } from '../../i18n/use-t';
import './ui.css';

/** What a toast says, in the window's language already, and its tone (colour and icon). */
export type ToastMessage = {
  readonly text: string;
  readonly tone: 'success' | 'info' | 'warning' | 'danger';
  /**
   * What the toast is news of (`run`: the current run's attention or end): a newer toast of the
   * same topic takes its place quietly, without running its `onClose`, so notices never pile up.
   */
  readonly topic?: string;
};

/** The toasts of one window: `add` one, `close` it by the key `add` gave, or `clear` them all. */
export type Toasts = ToastQueue<ToastMessage>;

/**
 * A queue of toasts for one window (React Aria's ToastQueue): at most `visible` shown at once,
 * newest first; the rest wait their turn. Keep one per window (in state), and give it to a
 * {@link ToastRegion}.
 */
export function createToasts(visible = 3): Toasts {
  return new ToastQueue<ToastMessage>({ maxVisibleToasts: visible });
}

/** Toasts being replaced by newer news of their topic: their `onClose` must not run. */
const replacedQuietly = new Set<string>();

/**
 * Shows `message` as the window's news: the ordinary toasts already shown make way for it (one
 * piece of news at a time), and so does an older toast of its topic, quietly; any other toast
 * opened with its own `onClose` stays until the user dismisses it. Closing that one here would run
 * its `onClose` as if the user had (the finished run's toast would put the run's progress bar
 * away because, say, a drop went wrong).
 */
export function showToast(toasts: Toasts, message: ToastMessage, onClose?: () => void): string {
  for (const shown of toasts.visibleToasts) {
    const sameTopic = message.topic !== undefined && shown.content.topic === message.topic;
    if (sameTopic) replacedQuietly.add(shown.key);
    if (sameTopic || shown.onClose === undefined) toasts.close(shown.key);
  }
  if (onClose === undefined) return toasts.add(message);
  let key = '';
  key = toasts.add(message, {
    onClose: () => {
      if (!replacedQuietly.delete(key)) onClose();
    },
  });
  return key;
}

const ICONS = {
  success: CircleCheck,
  info: Info,
  warning: TriangleExclamationPoint,
  danger: CircleExclamationPoint,
} as const;

/**
 * Where the window's toasts show (React Aria's ToastRegion, at the window's bottom end corner):
 * each says its words politely (a live status, so a screen reader finishes what it was reading),
 * except a danger toast, an alert said at once (something failed and the user must act), and each
 * has a Dismiss button; F6 reaches the region from anywhere. A toast added without a
 * `timeout` stays until dismissed, which suits news the user must not miss (a batch finished).
 */
export function ToastRegion({ toasts }: { readonly toasts: Toasts }) {
  const t = useT();
  return (
    <AriaToastRegion queue={toasts} className="ui-toast-region" aria-label={t('toast.region')}>
      {({ toast }) => {
        const Icon = ICONS[toast.content.tone];
        return (
          <AriaToast toast={toast} className="ui-toast" data-tone={toast.content.tone}>
            <Icon className="ui-toast-icon" aria-hidden size={18} />
            <ToastContent
              className="ui-toast-content"
              {...(toast.content.tone === 'danger'
                ? { role: 'alert', 'aria-live': 'assertive' }
                : { role: 'status', 'aria-live': 'polite' })}
            >
              <Text slot="title">{toast.content.text}</Text>
            </ToastContent>
            <Button slot="close" className="ui-icon-button" aria-label={t('toast.dismiss')}>
              <X aria-hidden size={16} />
            </Button>
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
