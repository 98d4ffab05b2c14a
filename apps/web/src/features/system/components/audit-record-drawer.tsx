import type { AuditRecord } from '@cityops/contract';
import { Collapse, Descriptions, Drawer, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditRecord } from '../api/get-audit-record';
import {
  type ChangeRow,
  type ChangeValue,
  auditActionName,
  auditReasonText,
  auditTargetText,
  auditTime,
  changeRows,
} from '../lib/audit-names';
import { AuditOutcomeTag } from './audit-outcome-tag';

/** Labels in one line: "所属单位", never "所属单/位". */
const LABEL_STYLE = { whiteSpace: 'nowrap' } as const;

/**
 * One record in full: who, when, from where, what, with what result, and what changed,
 * in the reader's words (issues 24, 31): each field with the label its action declares
 * (contract feature manifests), ids by name, codes, booleans and durations in words,
 * web addresses as links; the record as stored one click away (原始数据) for the assessor.
 */
export function AuditRecordDrawer({
  record,
  timeZone,
  onClose,
}: {
  record: AuditRecord | null;
  /** The city's time zone the times are shown in. */
  timeZone: string | undefined;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useAuditRecord(record?.seq ?? null, i18n.language);
  const shown = detail.data?.seq === record?.seq ? (detail.data ?? record) : record;
  const zone = detail.data?.timeZone ?? timeZone;
  const rows = useMemo(
    () => (shown ? changeRows(i18n.language, shown, zone) : []),
    [shown, i18n.language, zone],
  );
  const cell = (value: ChangeValue | null) => (
    <ChangeCell value={value} empty={t('audit.change.empty')} />
  );
  const raw = useMemo(
    () => (shown ? JSON.stringify({ before: shown.before, after: shown.after }, null, 2) : ''),
    [shown],
  );
  return (
    <Drawer
      open={record !== null}
      title={record ? t('audit.detailsOf', { seq: record.seq }) : ''}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {shown && (
        <>
          <Descriptions column={1} size="small" bordered styles={{ label: LABEL_STYLE }}>
            <Descriptions.Item label={t('audit.column.at')}>
              {auditTime(shown.at, zone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.actor')}>
              {shown.actorName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.name')}>
              {shown.actorFullName ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.unit')}>
              {shown.actorUnit ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.address')}>
              {shown.ipAddress ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.userAgent')}>
              {shown.userAgent ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.session')}>
              {shown.session ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.action')}>
              {auditActionName(shown.action)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.target')}>
              {auditTargetText(i18n.language, shown)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.column.outcome')}>
              <AuditOutcomeTag outcome={shown.outcome} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.reason')}>
              {auditReasonText(i18n.language, shown.reason)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.field.hash')}>
              {/* Copyable: an auditor quotes the hash; the button also lets the keyboard reach the drawer's scroll. */}
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {shown.hash}
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
                {
                  key: 'field',
                  dataIndex: 'label',
                  title: t('audit.change.field'),
                  onCell: () => ({ style: LABEL_STYLE }),
                },
                {
                  key: 'before',
                  title: t('audit.change.before'),
                  render: (_, row) => cell(row.before),
                },
                {
                  key: 'after',
                  title: t('audit.change.after'),
                  render: (_, row) => cell(row.after),
                },
              ]}
            />
          )}
          {(shown.before || shown.after || shown.reason) && (
            <Collapse
              size="small"
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'raw',
                  label: t('audit.raw.heading'),
                  children: (
                    <>
                      <Typography.Paragraph type="secondary">
                        {t('audit.raw.hint', { action: shown.action, reason: shown.reason ?? '—' })}
                      </Typography.Paragraph>
                      <pre
                        aria-label={t('audit.raw.heading')}
                        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}
                      >
                        {raw}
                      </pre>
                    </>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

/** One side of a change: its words, its web addresses as links; "(empty)" for nothing. */
function ChangeCell({ value, empty }: { value: ChangeValue | null; empty: string }) {
  if (value === null) return null;
  if (value.links.length === 0) return <>{value.text || empty}</>;
  return (
    <>
      {value.links.map((url, index) => (
        <span key={url}>
          {index > 0 && <br />}
          <Typography.Link href={url} target="_blank" rel="noreferrer noopener">
            {url}
          </Typography.Link>
        </span>
      ))}
    </>
  );
}
