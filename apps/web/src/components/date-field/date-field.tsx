import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's Chinese picker texts name the dayjs locale; its month and weekday names
// come from dayjs, which ships English only until this is loaded.
import 'dayjs/locale/zh-cn';
import type { CSSProperties } from 'react';

const DATE_FORMAT = 'YYYY-MM-DD';

export interface DateFieldProps {
  id?: string;
  /** A calendar date as the API carries it (`YYYY-MM-DD`), or empty. */
  value?: string | null;
  onChange?: (value: string) => void;
  style?: CSSProperties;
  'aria-describedby'?: string;
}

/**
 * The UI kit's date picker for a form field holding an ISO calendar date: it speaks
 * the product's language (antd's locale from the app provider), where a native date
 * input follows the browser's.
 */
export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      {...rest}
      format={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date: Dayjs | null) => onChange?.(date ? date.format(DATE_FORMAT) : '')}
    />
  );
}
