import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function MapRoute() {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t('route.map')}</Typography.Title>;
}
