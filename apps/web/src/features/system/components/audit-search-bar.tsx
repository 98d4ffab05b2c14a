import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  AUDIT_TARGET_KINDS,
  type AuditFilter,
} from '@cityops/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// antd's Chinese picker texts name the dayjs locale (components/date-field/date-field.tsx).
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { scaledPx } from '@/lib/root-font-size';
import { auditActionName, auditOutcomeName, auditTargetKindName } from '../lib/audit-names';
import { AuditActorSelect } from './audit-actor-select';
import { ConsoleSearchForm } from '@/components/console/console-search-form';

interface AuditSearchValues {
  period?: [Dayjs | null, Dayjs | null] | null;
  actor?: string;
  action?: AuditFilter['action'];
  targetKind?: AuditFilter['targetKind'];
  target?: string;
  outcome?: AuditFilter['outcome'];
}

/** The audit trail's filters: time range, user, action, target and outcome; applied on "Search". */
export function AuditSearchBar({ onSearch }: { onSearch(filter: AuditFilter): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditSearchValues>();

  function submit({ period, actor, target, ...rest }: AuditSearchValues) {
    const [from, to] = period ?? [];
    onSearch({
      ...rest,
      from: from?.startOf('minute').toISOString(),
      to: to?.endOf('minute').toISOString(),
      actor: actor?.trim() || undefined,
      target: target?.trim() || undefined,
    });
  }

  return (
    <ConsoleSearchForm<AuditSearchValues>
      form={form}
      name="system-audit-search"
      label={t('audit.search')}
      onSearch={submit}
    >
      <Form.Item name="period" label={t('audit.period')}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={[t('audit.periodStart'), t('audit.periodEnd')]}
          // What an auditor asks most (issue 31); computed on the click, so a page left
          // open overnight still means today.
          presets={[
            {
              label: t('audit.today'),
              value: () => [dayjs().startOf('day'), dayjs().endOf('day')],
            },
            {
              label: t('audit.last7Days'),
              value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')],
            },
          ]}
          aria-label={t('audit.period')}
        />
      </Form.Item>
      <Form.Item name="actor" label={t('audit.actor')}>
        <AuditActorSelect />
      </Form.Item>
      <Form.Item name="action" label={t('audit.action')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('audit.allActions')}
          options={AUDIT_ACTIONS.map((action) => ({
            value: action,
            label: auditActionName(action),
          }))}
          style={{ width: scaledPx(200) }}
        />
      </Form.Item>
      <Form.Item name="targetKind" label={t('audit.targetKind')}>
        <Select
          allowClear
          placeholder={t('audit.allTargetKinds')}
          options={AUDIT_TARGET_KINDS.map((kind) => ({
            value: kind,
            label: auditTargetKindName(kind),
          }))}
          style={{ width: scaledPx(130) }}
        />
      </Form.Item>
      <Form.Item name="target" label={t('audit.target')}>
        <Input
          allowClear
          maxLength={64}
          placeholder={t('audit.targetPlaceholder')}
          style={{ width: scaledPx(160) }}
        />
      </Form.Item>
      <Form.Item name="outcome" label={t('audit.outcome')}>
        <Select
          allowClear
          placeholder={t('audit.allOutcomes')}
          options={AUDIT_OUTCOMES.map((outcome) => ({
            value: outcome,
            label: auditOutcomeName(outcome),
          }))}
          style={{ width: scaledPx(110) }}
        />
      </Form.Item>
    </ConsoleSearchForm>
  );
}
