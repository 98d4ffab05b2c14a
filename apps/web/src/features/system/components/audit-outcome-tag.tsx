import type { AuditOutcome } from '@cityops/contract';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const DOTS = { success: 'success', failure: 'warning', refused: 'error' } as const;

/**
 * How a recorded attempt ended, in words; the dot's colour only repeats them
 * (coloured tag texts fall under the AA contrast ratio, as in user-status-tag.tsx).
 */
export function AuditOutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation();
  return <Badge status={DOTS[outcome]} text={t(`audit.outcomeName.${outcome}`)} />;
}
