import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useT } from '../../i18n/use-t';

/** Every zone Intl knows, by its IANA id. */
const ZONES = Intl.supportedValuesOf('timeZone');

/**
 * Settings' zone for photos whose camera recorded none: a combo box of the ~400 IANA zones,
 * filtered as the user types (any part of the id: "york" finds America/New_York), its choice in
 * the form's data as `assumedZone`. A zone the settings hold that this Intl does not list (`UTC`
 * often is not) is still offered.
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
  const zones = useMemo(
    () => (ZONES.includes(saved) ? ZONES : [saved, ...ZONES]).map((id) => ({ id })),
    [saved],
  );
  return (
    <ComboBox
      className="zone-field"
      name="assumedZone"
      formValue="key"
      defaultItems={zones}
      defaultSelectedKey={saved}
      // Open with no match too, so the list says that nothing matches and what to type.
      allowsEmptyCollection
      isDisabled={isDisabled}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
    >
      <Label>{t('settings.uploading.zone')}</Label>
      <div className="zone-field-box">
        <Input className="zone-field-input" spellCheck={false} />
        <Button className="zone-field-button" aria-label={t('settings.uploading.zoneShowAll')}>
          <ChevronDown aria-hidden="true" className="settings-select-chevron" />
        </Button>
      </div>
      <Popover className="settings-select-popover zone-field-popover">
        <ListBox
          className="settings-select-list"
          renderEmptyState={() => (
            <p className="zone-field-empty">{t('settings.uploading.zoneNoMatch')}</p>
          )}
        >
          {(item: { readonly id: string }) => (
            <ListBoxItem className="settings-select-option" id={item.id} textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
