import type { ArticleStatus } from '@cityops/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Text and background pairs above the 4.5:1 contrast ratio (antd's preset tags are not). */
const colours: Record<ArticleStatus, { color: string; background: string; borderColor: string }> = {
  draft: { color: '#343a40', background: '#f1f3f5', borderColor: '#ced4da' },
  published: { color: '#1f5a0b', background: '#f0f9e8', borderColor: '#95d475' },
  withdrawn: { color: '#7a3300', background: '#fff4e5', borderColor: '#ffc069' },
};

export function ArticleStatusTag({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation();
  return <Tag style={colours[status]}>{t(`businessGuide.status.${status}`)}</Tag>;
}
