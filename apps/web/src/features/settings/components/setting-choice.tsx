import { Radio } from 'antd';
import { useId } from 'react';
import styles from './settings-drawer.module.css';

export interface SettingChoiceProps<T extends string> {
  title: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
}

/** A layout setting with a few values: radio buttons in a group named by `title`. */
export function SettingChoice<T extends string>({
  title,
  value,
  options,
  onChange,
}: SettingChoiceProps<T>) {
  const titleId = useId();
  return (
    <div className={styles.group} role="group" aria-labelledby={titleId}>
      <span id={titleId} className={styles.groupTitle}>
        {title}
      </span>
      <Radio.Group
        value={value}
        // The group offers only `options`, so the value is one of them.
        onChange={(event) => onChange(event.target.value as T)}
        options={options}
      />
    </div>
  );
}
