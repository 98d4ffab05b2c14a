import { type RouteObject, createBrowserRouter, createHashRouter, redirect } from 'react-router';
import { paths } from '@/lib/paths';
import { consoleRoutes } from './console-routes';
import { intakeQueryToken, requireToken, signedOutEntry } from './guards';
import { indexTypedHashEntries, moveQueryIntoHash } from './hash-mode';
import type { RouteHandle } from './hooks/use-document-title';
import { registerNavigate } from './navigation';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';

const title = (key: string): RouteHandle => ({ title: key });

/**
 * The route table. One rule for every page: its route module is a file of
 * `app/routes/` that exports `Component` (and a `loader` where it has one), loaded
 * with `lazy: () => import('./routes/<page>')`, so each page is its own chunk. The
 * addresses come from `lib/paths.ts`; the console's screens are found by their file
 * name (`console-routes.ts`).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteError />,
    // The first screen waits for the root loader; nothing to show meanwhile.
    HydrateFallback: () => null,
    loader: intakeQueryToken,
    children: [
      { path: paths.login, handle: title('route.login'), lazy: () => import('./routes/login') },
      {
        path: paths.forgotPassword,
        handle: title('route.forgotPassword'),
        lazy: () => import('./routes/forgot-password'),
      },
      {
        path: paths.authRedirect,
        handle: title('route.authRedirect'),
        lazy: () => import('./routes/auth-redirect'),
      },
      {
        path: paths.qrMobile,
        handle: title('route.qrMobile'),
        lazy: () => import('./routes/qr-mobile'),
      },
      {
        path: paths.notFound,
        handle: title('route.notFound'),
        lazy: () => import('./routes/not-found'),
      },
      {
        id: 'private',
        loader: requireToken,
        children: [
          { path: paths.sso, handle: title('route.sso'), lazy: () => import('./routes/sso') },
          {
            path: paths.home,
            lazy: () => import('./layout/shell-layout'),
            children: [
              { index: true, handle: title('route.home'), lazy: () => import('./routes/home') },
              {
                path: paths.guide.root,
                handle: title('route.businessGuide'),
                children: [
                  { index: true, loader: () => redirect(paths.guide.table) },
                  {
                    path: paths.guide.table,
                    handle: title('route.guideTable'),
                    lazy: () => import('./routes/guide-table'),
                  },
                  {
                    path: paths.guide.details,
                    handle: title('route.guideDetails'),
                    lazy: () => import('./routes/guide-details'),
                  },
                  {
                    path: paths.guide.edit,
                    handle: title('route.guideEdit'),
                    lazy: () => import('./routes/guide-edit'),
                  },
                  {
                    path: paths.guide.editor,
                    handle: title('route.guideEditor'),
                    lazy: () => import('./routes/guide-editor'),
                  },
                ],
              },
              { path: paths.map, handle: title('route.map'), lazy: () => import('./routes/map') },
              {
                path: paths.system.root,
                handle: title('route.system'),
                children: [
                  { index: true, loader: () => redirect(paths.system.users) },
                  ...consoleRoutes,
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: title('route.notFound'),
        // Only the addresses of PUBLIC_PATHS (lib/paths.ts) are public.
        loader: requireToken,
        lazy: () => import('./routes/not-found'),
      },
    ],
  },
];

/** The hash router, with the hashes typed in the address bar known to it (app/hash-mode.ts). */
function createAppHashRouter() {
  const followRouter = indexTypedHashEntries();
  const router = createHashRouter(routes);
  followRouter(router);
  return router;
}

export function createAppRouter(mode: 'hash' | 'history') {
  if (mode === 'hash') moveQueryIntoHash();
  const entry =
    mode === 'hash'
      ? new URL(window.location.hash.slice(1) || '/', window.location.origin)
      : window.location;
  const signIn = signedOutEntry(entry.pathname, entry.search);
  if (signIn) {
    const address =
      mode === 'hash' ? `${window.location.pathname}${window.location.search}#${signIn}` : signIn;
    window.history.replaceState(null, '', address);
  }
  const router = mode === 'hash' ? createAppHashRouter() : createBrowserRouter(routes);
  registerNavigate((to, options) => router.navigate(to, options));
  return router;
}
