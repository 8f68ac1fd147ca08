import { ZonePicker } from '../../components/ui/ZonePicker';
import { useT } from '../../i18n/use-t';

/** The review's look of the zone picker. */
const CLASSES = {
  root: 'zone-combo',
  label: 'zone-label',
  box: 'zone-field',
  input: 'zone-input',
  button: 'zone-button',
  chevron: 'view-icon',
  popover: 'zone-popover',
  list: 'zone-list',
  option: 'zone-option',
  empty: 'zone-empty',
} as const;

/**
 * The zone assumed for photos whose camera recorded none (the shared {@link ZonePicker}). Its
 * name is its label, which counts the photos it applies to.
 */
export function ZoneComboBox({
  zone,
  assumedCount,
  onChange,
}: {
  readonly zone: string;
  /** How many photos of the review have an assumed zone. */
  readonly assumedCount: number;
  readonly onChange: (zone: string) => void;
}) {
  const t = useT();
  return (
    <ZonePicker
      zone={zone}
      choice={{ kind: 'handler', onChange }}
      label={t('intake.review.assumedZone', { count: assumedCount })}
      showAllLabel={t('intake.zone.showAll')}
      noMatch={t('intake.zone.noMatch')}
      classes={CLASSES}
    />
  );
}
