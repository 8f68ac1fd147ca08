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
 * The zone assumed for photos whose camera recorded none: a combo box of the ~400 IANA zones,
 * filtered as the user types (any part of the id: "york" finds America/New_York). Its name is
 * its label, which counts the photos it applies to.
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
  // A zone the settings hold that this Intl does not list is still offered (and shown).
  const zones = useMemo(
    () => (ZONES.includes(zone) ? ZONES : [zone, ...ZONES]).map((id) => ({ id })),
    [zone],
  );
  return (
    <ComboBox
      className="zone-combo"
      defaultItems={zones}
      selectedKey={zone}
      // Open with no match too, so the list says that nothing matches and what to type.
      allowsEmptyCollection
      onSelectionChange={(key) => {
        if (typeof key === 'string' && key !== zone) onChange(key);
      }}
    >
      <Label className="zone-label">
        {t('intake.review.assumedZone', { count: assumedCount })}
      </Label>
      <div className="zone-field">
        <Input className="zone-input" />
        <Button className="zone-button" aria-label={t('intake.zone.showAll')}>
          <ChevronDown aria-hidden="true" className="view-icon" />
        </Button>
      </div>
      <Popover className="zone-popover" placement="bottom start">
        <ListBox
          className="zone-list"
          renderEmptyState={() => <p className="zone-empty">{t('intake.zone.noMatch')}</p>}
        >
          {(item: { readonly id: string }) => (
            <ListBoxItem className="zone-option" id={item.id} textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
