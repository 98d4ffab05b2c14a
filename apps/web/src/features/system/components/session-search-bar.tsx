import type { UnitNode } from '@cityops/contract';
import { Form, Input, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { scaledPx } from '@/lib/root-font-size';
import { unitOptions } from '../lib/unit-tree';
import { ConsoleSearchForm } from '@/components/console/console-search-form';

export interface SessionFilters {
  keyword?: string;
  organizationId?: number;
}

export interface SessionSearchBarProps {
  units: readonly UnitNode[];
  onSearch(filters: SessionFilters): void;
}

/** The online sessions' search: keyword and unit; applied on "Search". */
export function SessionSearchBar({ units, onSearch }: SessionSearchBarProps) {
  const { t, i18n } = useTranslation();
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
        <TreeSelect
          allowClear
          placeholder={t('system.sessions.allUnits')}
          treeData={unitOptions(units, i18n.language)}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          style={{ width: scaledPx(220) }}
        />
      </Form.Item>
    </ConsoleSearchForm>
  );
}
