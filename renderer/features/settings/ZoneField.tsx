import { ZonePicker } from '../../components/ui/ZonePicker';
import { useT } from '../../i18n/use-t';

/** The settings form's look of the zone picker. */
const CLASSES = {
  root: 'zone-field',
  box: 'zone-field-box',
  input: 'zone-field-input',
  button: 'zone-field-button',
  chevron: 'choice-select-chevron',
  popover: 'choice-select-popover zone-field-popover',
  list: 'choice-select-list',
  option: 'choice-select-option',
  empty: 'zone-field-empty',
} as const;

/**
 * Settings' zone for photos whose camera recorded none (the shared {@link ZonePicker}), its
 * choice in the form's data as `assumedZone`.
 */
export function ZoneField({
  saved,
  isDisabled,
  describedBy,
}: {
  readonly saved: string;
  readonly isDisabled: boolean;
  /** The ids of the words that describe it ("Set by your organisation"). */
  readonly describedBy: string | undefined;
}) {
  const t = useT();
  return (
    <ZonePicker
      zone={saved}
      choice={{ kind: 'form', name: 'assumedZone' }}
      label={t('settings.uploading.zone')}
      showAllLabel={t('settings.uploading.zoneShowAll')}
      noMatch={t('settings.uploading.zoneNoMatch')}
      classes={CLASSES}
      isDisabled={isDisabled}
      describedBy={describedBy}
    />
  );
}
