import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerTexts } from '@/lib/i18n';
import { systemTexts } from '@/locales/system-texts';

registerTexts(systemTexts);

/** `/system/roles`: its screen follows in the next step. */
export function RolesPage() {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t('system.roles.heading')}</Typography.Title>;
}
