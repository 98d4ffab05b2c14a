import type { Refusal } from '@cityops/contract';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localValues } from '@/lib/local-name';

export interface RefusalNoteProps {
  /** What the row is refused, in a word or two (无权操作, 无权删除). */
  label: string;
  /** The policy's reason, as the server answers it on the row (a message key and its values). */
  refusal: Refusal;
}

/**
 * Where the access policy refuses what a row would offer, the row says so and why
 * (issue 31: a blank cell gave no reason): the reason as a tooltip and as the note's
 * accessible name, focusable so a keyboard user reads it too.
 */
export function RefusalNote({ label, refusal }: RefusalNoteProps) {
  const { t, i18n } = useTranslation();
  const why = t(refusal.key, localValues(refusal.values, i18n.language));
  return (
    <Tooltip title={why} trigger={['hover', 'focus']}>
      <Typography.Text type="secondary" tabIndex={0} aria-label={why}>
        {label}
      </Typography.Text>
    </Tooltip>
  );
}
