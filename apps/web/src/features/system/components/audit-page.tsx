import type { AuditFilter, AuditRecord } from '@cityops/contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '@/lib/access/access';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { auditTexts } from '@/locales/audit-texts';
import { systemTexts } from '@/locales/system-texts';
import { exportAuditRecords } from '../api/export-audit-records';
import { useAuditRecords } from '../api/get-audit-records';
import { auditActionName, auditTargetText, auditTime } from '../lib/audit-names';
import { datedFileName } from '@/lib/dated-file-name';
import { saveFile } from '@/lib/save-file';
import { AuditOutcomeTag } from './audit-outcome-tag';
import { AuditRecordDrawer } from './audit-record-drawer';
import { AuditSearchBar } from './audit-search-bar';
import { AuditVerificationNotice } from './audit-verification-notice';
import { ConsolePage } from '@/components/console/console-page';

registerTexts(systemTexts);
registerTexts(auditTexts);

/**
 * `/system/audit` (系统管理 / 审计日志), the auditor's screen (issue 13): the trail
 * filtered by time, user, action, target and outcome, newest first, a page at a
 * time; a record's detail with its before and after; export to Excel or CSV; the
 * chain's verification. Every read is itself recorded by the server.
 */
export function AuditPage() {
  return (
    <ConsolePage read="system:audit:read">
      <AuditPageContent />
    </ConsolePage>
  );
}

function AuditPageContent() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({});
  // The cursors of the pages walked so far: page n starts below cursors[n].
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const records = useAuditRecords(filter, before);
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const timeZone = records.data?.timeZone;

  async function doExport(format: 'xlsx' | 'csv') {
    if (exporting) return;
    setExporting(format);
    try {
      // Named with the range the filter asked for, in the days the picker showed
      // (审计日志_2026-11-01_2026-11-29.csv).
      const name = datedFileName(t('audit.fileName'), format, filter);
      saveFile(await exportAuditRecords(filter, format), name);
      toast.success({ content: t('audit.exported') });
    } catch {
      // The HTTP client has shown why (too many records: narrow the filter).
    } finally {
      setExporting(null);
    }
  }

  const list = records.data?.list ?? [];
  const columns: TableProps<AuditRecord>['columns'] = [
    { key: 'seq', dataIndex: 'seq', title: t('audit.column.seq') },
    {
      key: 'at',
      dataIndex: 'at',
      title: t('audit.column.at'),
      render: (value: string) => auditTime(value, timeZone),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      key: 'name',
      dataIndex: 'actorFullName',
      title: t('audit.column.name'),
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      key: 'actor',
      title: t('audit.column.actor'),
      render: (_, record) =>
        [record.actorName, record.actorUnit && `(${record.actorUnit})`].filter(Boolean).join(' '),
    },
    { key: 'address', dataIndex: 'ipAddress', title: t('audit.column.address') },
    {
      key: 'action',
      title: t('audit.column.action'),
      render: (_, record) => auditActionName(record.action),
    },
    {
      key: 'target',
      title: t('audit.column.target'),
      render: (_, record) => auditTargetText(i18n.language, record),
    },
    {
      key: 'outcome',
      title: t('audit.column.outcome'),
      render: (_, record) => <AuditOutcomeTag outcome={record.outcome} />,
    },
    {
      key: 'details',
      title: t('system.common.actions'),
      render: (_, record) => (
        <Button
          type="link"
          size="small"
          aria-haspopup="dialog"
          aria-label={`${t('audit.details')} ${t('audit.detailsOf', { seq: record.seq })}`}
          onClick={() => setOpen(record)}
        >
          {t('audit.details')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="system-audit-title">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} id="system-audit-title" style={{ margin: 0 }}>
          {t('audit.heading')}
        </Typography.Title>
        <Access code="system:audit:export">
          <Flex wrap gap={8}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting === 'xlsx'}
              onClick={() => void doExport('xlsx')}
            >
              {t('audit.exportXlsx')}
            </Button>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting === 'csv'}
              onClick={() => void doExport('csv')}
            >
              {t('audit.exportCsv')}
            </Button>
          </Flex>
        </Access>
      </Flex>
      <AuditVerificationNotice />
      <AuditSearchBar
        onSearch={(next) => {
          setFilter(next);
          setCursors([undefined]);
        }}
      />
      <Table<AuditRecord>
        rowKey="seq"
        aria-label={t('audit.results')}
        columns={columns}
        dataSource={list}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
        pagination={false}
      />
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {list.length > 0 ? t('audit.shown', { first: list.at(-1)!.seq, last: list[0]!.seq }) : ''}
        </Typography.Text>
        <Flex gap={8}>
          <Button
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
          >
            {t('audit.newer')}
          </Button>
          <Button
            disabled={!records.data?.nextBefore}
            onClick={() => {
              const next = records.data?.nextBefore;
              if (next) setCursors((current) => [...current, next]);
            }}
          >
            {t('audit.older')}
          </Button>
        </Flex>
      </Flex>
      <AuditRecordDrawer record={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </section>
  );
}
