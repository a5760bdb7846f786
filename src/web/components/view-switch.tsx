import type { ComponentType } from 'react';
import classes from './view-switch.module.css';

export interface ViewOption<T extends string> {
  value: T;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

/**
 * Two or three views as a segmented control: radio inputs in a radiogroup, so arrow keys move between
 * them. Drawn by CSS alone: Mantine's SegmentedControl measures its options after each render
 * (getBoundingClientRect), which on the month screen forced a layout of the whole calendar (77 ms on
 * a phone-speed CPU) inside the first paint's task.
 */
export function ViewSwitch<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: ViewOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {options.map((option) => (
        <label key={option.value} className={classes.option} data-active={option.value === value || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <option.icon size={16} aria-hidden="true" />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
