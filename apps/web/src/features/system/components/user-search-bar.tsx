import { USER_STATUSES, type UserStatus } from '@cityops/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { scaledPx } from '@/lib/root-font-size';
import { localName } from '@/lib/local-name';
import { useUnitDepartments } from '../api/search-units';
import { ConsoleSearchForm } from '@/components/console/console-search-form';
import { UnitTreeSelect } from './unit-tree-select';
import type { RoleOption } from './user-dialog';

export interface UserFilters {
  keyword?: string;
  organizationId?: number;
  departmentId?: number;
  roleId?: string;
  status?: UserStatus;
}

export interface UserSearchBarProps {
  roleOptions: readonly RoleOption[];
  onSearch(filters: UserFilters): void;
}

/**
 * The user list's search: keyword, unit, department, role and status; applied on "Search".
 * The fields' widths let the five and the buttons share one line in a 1440 px window
 * (issue 24); a long unit name shows whole in the drop-down.
 */
export function UserSearchBar({ roleOptions, onSearch }: UserSearchBarProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<UserFilters>();
  const organizationId = Form.useWatch('organizationId', form);
  const departments = useUnitDepartments(organizationId);

  function submit(values: UserFilters) {
    onSearch({ ...values, keyword: values.keyword?.trim() || undefined });
  }

  return (
    <ConsoleSearchForm<UserFilters>
      form={form}
      name="system-user-search"
      label={t('system.users.search')}
      onSearch={submit}
    >
      <Form.Item name="keyword" label={t('system.users.keyword')}>
        <Input
          allowClear
          placeholder={t('system.users.keywordPlaceholder')}
          style={{ width: scaledPx(180) }}
        />
      </Form.Item>
      <Form.Item name="organizationId" label={t('system.users.unit')}>
        <UnitTreeSelect
          allowClear
          placeholder={t('system.users.allUnits')}
          style={{ width: scaledPx(160) }}
          onChange={() => form.setFieldValue('departmentId', undefined)}
        />
      </Form.Item>
      <Form.Item name="departmentId" label={t('system.users.department')}>
        <Select
          allowClear
          placeholder={t('system.users.allDepartments')}
          options={departments.map((department) => ({
            value: department.id,
            label: localName(department, i18n.language),
          }))}
          style={{ width: scaledPx(130) }}
        />
      </Form.Item>
      <Form.Item name="roleId" label={t('system.users.role')}>
        <Select
          allowClear
          placeholder={t('system.users.allRoles')}
          options={[...roleOptions]}
          style={{ width: scaledPx(130) }}
        />
      </Form.Item>
      <Form.Item name="status" label={t('system.users.status')}>
        <Select
          allowClear
          placeholder={t('system.users.allStatuses')}
          options={USER_STATUSES.map((status) => ({
            value: status,
            label: t(`system.users.statusName.${status}`),
          }))}
          style={{ width: scaledPx(110) }}
        />
      </Form.Item>
    </ConsoleSearchForm>
  );
}
