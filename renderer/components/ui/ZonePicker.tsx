import { ChevronDown } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { zonesOffered } from './zones-offered';

/** The class names of a zone picker's parts, so each place keeps its own look. */
export type ZonePickerClasses = {
  readonly root: string;
  readonly label?: string;
  readonly box: string;
  readonly input: string;
  readonly button: string;
  readonly chevron: string;
  readonly popover: string;
  readonly list: string;
  readonly option: string;
  readonly empty: string;
};

/** How the choice leaves the picker: to a handler at once, or in a form's data by name. */
export type ZoneChoice =
  | { readonly kind: 'handler'; readonly onChange: (zone: string) => void }
  | { readonly kind: 'form'; readonly name: string };

/**
 * A combo box of the ~400 IANA zones, filtered as the user types (any part of the id: "york"
 * finds America/New_York); it opens with no match too, so its list says that nothing matches.
 * The review's zone for photos without one and the settings' default zone are both this picker.
 */
export function ZonePicker({
  zone,
  choice,
  label,
  showAllLabel,
  noMatch,
  classes,
  isDisabled = false,
  describedBy,
}: {
  /** The zone held now (the review's) or saved (the form's first value). */
  readonly zone: string;
  readonly choice: ZoneChoice;
  readonly label: ReactNode;
  /** The name of the button that opens the whole list. */
  readonly showAllLabel: string;
  /** What the list says when nothing matches what was typed. */
  readonly noMatch: string;
  readonly classes: ZonePickerClasses;
  readonly isDisabled?: boolean;
  /** The ids of the words that describe it ("Set by your organisation"). */
  readonly describedBy?: string | undefined;
}) {
  const zones = useMemo(() => zonesOffered(zone).map((id) => ({ id })), [zone]);
  const chosen =
    choice.kind === 'handler'
      ? {
          selectedKey: zone,
          onSelectionChange: (key: string | number | null) => {
            if (typeof key === 'string' && key !== zone) choice.onChange(key);
          },
        }
      : { name: choice.name, formValue: 'key' as const, defaultSelectedKey: zone };
  return (
    <ComboBox
      className={classes.root}
      defaultItems={zones}
      allowsEmptyCollection
      isDisabled={isDisabled}
      {...chosen}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
    >
      <Label className={classes.label}>{label}</Label>
      <div className={classes.box}>
        {/* Zone ids are not words: no spelling marks under "Sao_Paulo". */}
        <Input className={classes.input} spellCheck={false} />
        <Button className={classes.button} aria-label={showAllLabel}>
          <ChevronDown aria-hidden="true" className={classes.chevron} />
        </Button>
      </div>
      <Popover className={classes.popover} placement="bottom start">
        <ListBox
          className={classes.list}
          renderEmptyState={() => <p className={classes.empty}>{noMatch}</p>}
        >
          {(item: { readonly id: string }) => (
            <ListBoxItem className={classes.option} id={item.id} textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
