import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';

registerTexts(systemTexts);

/** `/system/units`: its screen follows in the next step. */
export function UnitsPage() {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t('system.units.heading')}</Typography.Title>;
}
