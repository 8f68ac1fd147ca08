import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { ChoiceOption } from '../../components/ui/ChoiceSelect';

/**
 * Two or three choices of Settings side by side, all in view (a React Aria RadioGroup looking
 * like a segmented control): the arrows move between them. `name` puts the choice in the form's
 * data. Either controlled (`value`) or holding its own (`defaultValue`).
 */
export function ChoiceGroup<K extends string>({
  label,
  options,
  value,
  defaultValue,
  onChange,
  name,
  isDisabled = false,
  describedBy,
}: {
  readonly label: ReactNode;
  readonly options: readonly ChoiceOption<K>[];
  readonly value?: K;
  readonly defaultValue?: K;
  readonly onChange?: (value: K) => void;
  readonly name?: string;
  readonly isDisabled?: boolean;
  /** The ids of the words that describe it (a hint, "Set by your organisation"). */
  readonly describedBy?: string | undefined;
}) {
  return (
    <RadioGroup
      className="choice-group"
      orientation="horizontal"
      {...(value === undefined ? {} : { value })}
      {...(defaultValue === undefined ? {} : { defaultValue })}
      {...(name === undefined ? {} : { name })}
      onChange={(chosen) => {
        const option = options.find((candidate) => candidate.id === chosen);
        if (option !== undefined) onChange?.(option.id);
      }}
      isDisabled={isDisabled}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
    >
      <Label className="choice-group-label">{label}</Label>
      <div className="choice-group-options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="choice-group-option">
            {option.name}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
