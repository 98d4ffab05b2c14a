import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuditVerification } from '../api/get-audit-verification';
import { formatDateTime } from '@/lib/date-time';

/** The chain's check, done once per visit on the server and again on request. */
export function AuditVerificationNotice() {
  const { t } = useTranslation();
  const verification = useAuditVerification();
  const again = (
    <Button
      size="small"
      loading={verification.isFetching}
      onClick={() => void verification.refetch()}
    >
      {t('audit.verify.again')}
    </Button>
  );
  const common = { showIcon: true, action: again, style: { marginBottom: 16 } } as const;
  if (verification.isPending) {
    return <Alert {...common} type="info" title={t('audit.verify.checking')} />;
  }
  if (verification.isError || !verification.data) {
    return <Alert {...common} type="warning" title={t('audit.verify.failed')} />;
  }
  const result = verification.data;
  if (!result.holds) {
    return (
      <Alert
        {...common}
        type="error"
        role="alert"
        title={t('audit.verify.broken', {
          seq: result.brokenAt,
          problem: t(`audit.verify.problem.${result.problem ?? 'content'}`),
        })}
      />
    );
  }
  const at = formatDateTime(result.verifiedAt, { seconds: true });
  return (
    <Alert
      {...common}
      type="success"
      title={t('audit.verify.holds', { count: result.checked, at })}
      description={[
        result.archivedThrough
          ? t('audit.verify.holdsArchived', { seq: result.archivedThrough })
          : null,
        t('audit.verify.algorithm', { algorithm: result.algorithm }),
        result.waiting > 0 ? t('audit.verify.waiting', { count: result.waiting }) : null,
      ]
        .filter(Boolean)
        .join(' ')}
    />
  );
}
