import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </main>
  );
}
