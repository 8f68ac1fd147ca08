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
import './ui.css';
import './choice-select.css';

/** One choice of a {@link ChoiceSelect}: its key and the words it is shown with. */
export type ChoiceOption<K extends string = string> = { readonly id: K; readonly name: string };

/**
 * A list of choices as a React Aria Select: a field-like button that shows the choice and opens
 * the list (arrows, typing the start of a name, Enter, Escape). Settings' fields use it as it is;
 * `compact` is the smaller look of a filter bar (Existing photos). `name` puts the choice in a
 * form's data, as a native select would. Disabled with one choice, the button still shows it.
 */
export function ChoiceSelect<K extends string>({
  label,
  options,
  value,
  onChange,
  name,
  isDisabled = false,
  describedBy,
  compact = false,
  className,
}: {
  readonly label: ReactNode;
  readonly options: readonly ChoiceOption<K>[];
  readonly value: K;
  readonly onChange?: (value: K) => void;
  readonly name?: string;
  readonly isDisabled?: boolean;
  /** The ids of the words that describe it (a hint, "Set by your organisation"). */
  readonly describedBy?: string | undefined;
  readonly compact?: boolean;
  readonly className?: string;
}) {
  const classes = ['choice-select', compact ? 'compact' : undefined, className].filter(Boolean);
  return (
    <Select
      className={classes.join(' ')}
      value={value}
      onChange={(key) => {
        const chosen = options.find((option) => option.id === key);
        if (chosen !== undefined && chosen.id !== value) onChange?.(chosen.id);
      }}
      isDisabled={isDisabled}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
      {...(name === undefined ? {} : { name })}
    >
      <Label className="choice-select-label">{label}</Label>
      <Button className="choice-select-button">
        <SelectValue className="choice-select-value" />
        <ChevronDown aria-hidden="true" className="choice-select-chevron" />
      </Button>
      <Popover className={compact ? 'choice-select-popover compact' : 'choice-select-popover'}>
        <ListBox className="choice-select-list" items={options}>
          {(option) => (
            <ListBoxItem className="choice-select-option" id={option.id} textValue={option.name}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
