import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a page fails to load (a chunk missing after a redeploy, a bug):
 * a way forward instead of a blank screen, and no stack trace. Kept plain: it
 * sits in the first bundle.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeContent: 'center',
        gap: 16,
        textAlign: 'center',
      }}
    >
      <h1 style={{ margin: 0 }}>{notFound ? t('notFound.title') : t('error.server')}</h1>
      {notFound && <p style={{ margin: 0 }}>{t('notFound.description')}</p>}
      <div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('shell.retry')}
        </Button>
      </div>
    </main>
  );
}
