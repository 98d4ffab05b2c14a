import { Outlet } from 'react-router';
import { useDocumentTitle } from './hooks/use-document-title';
import { useNavigationProgress } from './hooks/use-navigation-progress';
import { useRootFontSize } from './hooks/use-root-font-size';

/** The top route: document title, progress bar and root font size for every page. */
export function RootRoute() {
  useDocumentTitle();
  useNavigationProgress();
  useRootFontSize();
  return <Outlet />;
}
