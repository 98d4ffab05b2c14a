import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

function GuidePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <Typography.Title level={2}>{t(titleKey)}</Typography.Title>;
}

export const GuideTableRoute = () => <GuidePage titleKey="route.guideTable" />;
export const GuideDetailsRoute = () => <GuidePage titleKey="route.guideDetails" />;
export const GuideEditRoute = () => <GuidePage titleKey="route.guideEdit" />;
export const GuideEditorRoute = () => <GuidePage titleKey="route.guideEditor" />;
