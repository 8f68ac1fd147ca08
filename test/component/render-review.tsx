import { IntakeScreen } from '../../renderer/features/intake/IntakeScreen';
import type { ShownLocale } from '../../shared/i18n/locales';
import type { IntakeItemView, IntakeProgressView } from '../../shared/ipc/views';
import { fixedIntake } from '../fakes/intake-state';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

/**
 * The Add photos screen in `locale` once intake is over (`progress`), holding `items` in the
 * review `layout`; the bridge answers no recent projects. For tests of what the review says.
 */
export function renderReview(
  items: readonly IntakeItemView[],
  progress: IntakeProgressView,
  locale: ShownLocale,
  layout: 'grid' | 'list' = 'grid',
): void {
  window.localStorage.setItem('photo-uploader.review-layout', layout);
  const { bridge } = fakeBridge({ 'projects:recent': [] });
  renderWithBridge(
    <IntakeScreen
      intake={{ ...fixedIntake(items), progress }}
      assumedZone="UTC"
      onZoneChange={() => undefined}
      onQueued={() => undefined}
    />,
    bridge,
    locale,
  );
}
