import { ChevronDown } from 'lucide-react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

/** One choice of a {@link FilterSelect}: its key and the words it is shown with. */
export type FilterChoice = { readonly id: string; readonly name: string };

/**
 * A compact list of choices for the Existing photos filter, as a React Aria Select: a button that
 * shows the choice and opens the list (arrows, typing the start of a name, Enter, Escape).
 * Disabled with one choice, the button still says why there is nothing to choose.
 */
export function FilterSelect({
  label,
  choices,
  value,
  onChange,
  isDisabled = false,
  className,
}: {
  readonly label: string;
  readonly choices: readonly FilterChoice[];
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly isDisabled?: boolean;
  readonly className?: string;
}) {
  return (
    <Select
      className={className === undefined ? 'filter-select' : `filter-select ${className}`}
      value={value}
      onChange={(key) => {
        const chosen = choices.find((choice) => choice.id === key);
        if (chosen !== undefined && chosen.id !== value) onChange(chosen.id);
      }}
      isDisabled={isDisabled}
    >
      <Label className="filter-select-label">{label}</Label>
      <Button className="filter-select-button">
        <SelectValue className="filter-select-value" />
        <ChevronDown aria-hidden="true" className="filter-select-chevron" />
      </Button>
      <Popover className="filter-select-popover">
        <ListBox className="filter-select-list" items={choices}>
          {(choice) => (
            <ListBoxItem className="filter-select-option" id={choice.id} textValue={choice.name}>
              {choice.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
