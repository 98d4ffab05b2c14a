import { DEFAULT_TIME_ZONE } from '@cityops/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { scaledPx } from '@/lib/root-font-size';

/**
 * The city's time zone, from the IANA names the browser knows (Intl), searchable by
 * name; the server checks the same way (contract `isTimeZone`).
 */
export function TimeZoneSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?(value: string): void;
}) {
  const options = useMemo(() => {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    // Some runtimes list Shanghai only under its alias; the default is always offered.
    zones.add(DEFAULT_TIME_ZONE);
    if (value) zones.add(value);
    return [...zones].sort().map((zone) => ({ value: zone, label: zone }));
  }, [value]);
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string) => onChange?.(next)}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      style={{ width: scaledPx(260) }}
    />
  );
}
