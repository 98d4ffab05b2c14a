import type { AuditOutcome } from '@cityops/contract';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditOutcomeName } from '../lib/audit-names';

const DOTS = { success: 'success', failure: 'warning', refused: 'error' } as const;

/**
 * How a recorded attempt ended, in words; the dot's colour only repeats them
 * (coloured tag texts fall under the AA contrast ratio, as in user-status-tag.tsx).
 */
export function AuditOutcomeTag({ outcome }: { outcome: AuditOutcome }) {
  // Subscribed to the language, so the name follows a switch.
  useTranslation();
  return <Badge status={DOTS[outcome]} text={auditOutcomeName(outcome)} />;
}
