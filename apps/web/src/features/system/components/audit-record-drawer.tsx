import type { AuditRecord } from '@cityops/contract';
import { Descriptions, Drawer, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChangeRow, auditActionName, auditTargetText, changeRows } from '../lib/audit-names';
import { AuditOutcomeTag } from './audit-outcome-tag';

/** One record in full: who, when, from where, what, with what result, and what changed. */
export function AuditRecordDrawer({
  record,
  onClose,
}: {
  record: AuditRecord | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(
    () => (record ? changeRows(record, t('audit.change.empty')) : []),
    [record, t],
  );
  const at = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        // "long" names the time zone: the record is kept in UTC, shown in the reader's.
        timeStyle: 'long',
      }),
    [i18n.language],
  );
  return (
    <Drawer
      open={record !== null}
      title={record ? t('audit.detailsOf', { seq: record.seq }) : ''}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {record && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('audit.column.at')}>
              {at.format(new Date(record.at))}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.actor')}>
              {record.actorName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.unit')}>
              {record.actorUnit ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.address')}>
              {record.ipAddress ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.userAgent')}>
              {record.userAgent ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.session')}>
              {record.session ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.action')}>
              {auditActionName(t, record.action)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.target')}>
              {auditTargetText(t, record)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.outcome')}>
              <AuditOutcomeTag outcome={record.outcome} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.reason')}>
              {record.reason ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.hash')}>
              {/* Copyable: an auditor quotes the hash; the button also lets the keyboard reach the drawer's scroll. */}
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {record.hash}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: '1.1em', marginTop: 24 }}>
            {t('audit.change.heading')}
          </Typography.Title>
          {rows.length === 0 ? (
            <Typography.Paragraph>{t('audit.change.none')}</Typography.Paragraph>
          ) : (
            <Table<ChangeRow>
              rowKey="field"
              size="small"
              pagination={false}
              aria-label={t('audit.change.heading')}
              dataSource={rows}
              columns={[
                { key: 'field', dataIndex: 'field', title: t('audit.change.field') },
                { key: 'before', dataIndex: 'before', title: t('audit.change.before') },
                { key: 'after', dataIndex: 'after', title: t('audit.change.after') },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
