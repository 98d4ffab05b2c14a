import { Button, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';

registerTexts(systemTexts);

export interface ConsoleSearchFormProps<Values extends object> {
  form: FormInstance<Values>;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  /** The search landmark's accessible name. */
  label: string;
  /** Every filter optional: "Reset" searches with none. */
  onSearch(values: Partial<Values>): void;
  children: ReactNode;
}

/**
 * The search bar of a console list (users, online sessions, audit trail): an inline
 * search landmark with the page's filters and the "Search" and "Reset" buttons;
 * the filters apply on "Search", and "Reset" clears them and searches again.
 */
export function ConsoleSearchForm<Values extends object>({
  form,
  name,
  label,
  onSearch,
  children,
}: ConsoleSearchFormProps<Values>) {
  const { t } = useTranslation();
  return (
    <Form<Values>
      form={form}
      name={name}
      role="search"
      aria-label={label}
      layout="inline"
      onFinish={onSearch}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {children}
      {/* The buttons stay together on one line, never squeezed apart (issue 24). */}
      <Flex gap={8} style={{ flex: 'none', whiteSpace: 'nowrap' }}>
        <Button type="primary" htmlType="submit">
          {t('system.common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('system.common.reset')}
        </Button>
      </Flex>
    </Form>
  );
}
