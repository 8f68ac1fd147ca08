import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

/** One choice of a {@link SettingsSelect}: its value and the words it is shown with. */
export type SettingsOption<K extends string> = { readonly id: K; readonly name: string };

/**
 * A Settings list of choices as a React Aria Select: a button showing the choice, opening a list
 * to pick another (arrows, typing the start of a name). `name` puts the choice in the form's
 * data, as a native select would.
 */
export function SettingsSelect<K extends string>({
  label,
  options,
  value,
  onChange,
  name,
  isDisabled = false,
  describedBy,
  className,
}: {
  readonly label: ReactNode;
  readonly options: readonly SettingsOption<K>[];
  readonly value: K;
  readonly onChange?: (value: K) => void;
  readonly name?: string;
  readonly isDisabled?: boolean;
  /** The ids of the words that describe it (a hint, "Set by your organisation"). */
  readonly describedBy?: string | undefined;
  readonly className?: string;
}) {
  return (
    <Select
      className={className === undefined ? 'settings-select' : `settings-select ${className}`}
      value={value}
      onChange={(key) => {
        const chosen = options.find((option) => option.id === key);
        if (chosen !== undefined && chosen.id !== value) onChange?.(chosen.id);
      }}
      isDisabled={isDisabled}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
      {...(name === undefined ? {} : { name })}
    >
      <Label className="settings-select-label">{label}</Label>
      <Button className="settings-select-button">
        <SelectValue className="settings-select-value" />
        <ChevronDown aria-hidden="true" className="settings-select-chevron" />
      </Button>
      <Popover className="settings-select-popover">
        <ListBox className="settings-select-list" items={options}>
          {(option) => (
            <ListBoxItem className="settings-select-option" id={option.id} textValue={option.name}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
