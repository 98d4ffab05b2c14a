import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { scaledPx } from '@/lib/root-font-size';
import { ConsoleSearchForm } from '@/components/console/console-search-form';
import { UnitTreeSelect } from './unit-tree-select';

export interface SessionFilters {
  keyword?: string;
  organizationId?: number;
}

export interface SessionSearchBarProps {
  onSearch(filters: SessionFilters): void;
}

/** The online sessions' search: keyword and unit; applied on "Search". */
export function SessionSearchBar({ onSearch }: SessionSearchBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SessionFilters>();

  function submit(values: SessionFilters) {
    onSearch({ ...values, keyword: values.keyword?.trim() || undefined });
  }

  return (
    <ConsoleSearchForm<SessionFilters>
      form={form}
      name="system-session-search"
      label={t('system.sessions.search')}
      onSearch={submit}
    >
      <Form.Item name="keyword" label={t('system.sessions.keyword')}>
        <Input
          allowClear
          placeholder={t('system.sessions.keywordPlaceholder')}
          style={{ width: scaledPx(220) }}
        />
      </Form.Item>
      <Form.Item name="organizationId" label={t('system.sessions.unit')}>
        <UnitTreeSelect
          allowClear
          placeholder={t('system.sessions.allUnits')}
          style={{ width: scaledPx(220) }}
        />
      </Form.Item>
    </ConsoleSearchForm>
  );
}
