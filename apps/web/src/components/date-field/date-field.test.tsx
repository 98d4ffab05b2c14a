import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigProvider locale={zhCN}>
      <label htmlFor="published">发布日期</label>
      <DateField
        id="published"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </ConfigProvider>
  );
}

describe('DateField', () => {
  it('shows an ISO date and hands back an ISO date, whatever the browser language', async () => {
    const onChange = vi.fn();
    render(<Field initial="2026-03-01" onChange={onChange} />);
    const input = screen.getByLabelText('发布日期');
    expect(input).toHaveValue('2026-03-01');
    expect(input).not.toHaveAttribute('type', 'date');

    await userEvent.click(input);
    // The picker speaks the product's language (antd's Chinese texts, dayjs's Chinese months).
    await userEvent.click(await screen.findByTitle('2026-03-15'));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');
    expect(screen.getByText('今天')).toBeInTheDocument();
  });

  it('treats an empty or unreadable value as no date', () => {
    render(<Field initial="not a date" onChange={vi.fn()} />);
    expect(screen.getByLabelText('发布日期')).toHaveValue('');
  });
});
