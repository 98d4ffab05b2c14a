import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { type PageTitle, pageTitleText } from '@/lib/page-title';
import { useAppStore } from '@/stores/app-store';

export interface RouteHandle {
  title?: PageTitle;
}

/** The document title becomes "{system name} - {page title}". */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const systemName = useAppStore((state) => state.systemName);
  const titleKey = [...matches]
    .reverse()
    .find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  const pageTitle = titleKey?.title ? pageTitleText(titleKey.title, t, i18n.language) : '';
  useEffect(() => {
    document.title = pageTitle ? `${systemName} - ${pageTitle}` : systemName;
  }, [systemName, pageTitle]);
}
