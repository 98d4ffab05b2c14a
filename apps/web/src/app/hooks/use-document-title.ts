import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useAppStore } from '@/stores/app-store';

export interface RouteHandle {
  /** i18n key of the page title. */
  title?: string;
}

/** The document title becomes "{system name} - {page title}". */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const systemName = useAppStore((state) => state.systemName);
  const titleKey = [...matches]
    .reverse()
    .find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const pageTitle = titleKey?.title ? t(titleKey.title) : '';
  useEffect(() => {
    document.title = pageTitle ? `${systemName} - ${pageTitle}` : systemName;
  }, [systemName, pageTitle]);
}
