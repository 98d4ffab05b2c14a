import type { AuditOutcome } from '@cityops/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AuditOutcome, string> = {
  success: 'success',
  failure: 'warning',
  refused: 'error',
};

/** How a recorded attempt ended, in words (the colour only repeats them). */
export function AuditOutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[outcome]}>{t(`audit.outcomeName.${outcome}`)}</Tag>;
}
