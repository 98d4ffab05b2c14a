import { QR_MOBILE_PAGE_PATH } from '@cityops/contract';
import { type RouteObject, createBrowserRouter, createHashRouter, redirect } from 'react-router';
import { intakeQueryToken, requireToken } from './guards';
import type { RouteHandle } from './hooks/use-document-title';
import { registerNavigate } from './navigation';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';

const title = (key: string): RouteHandle => ({ title: key });

/** The route table; every page is its own chunk. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RouteError />,
    // The first screen waits for the root loader; nothing to show meanwhile.
    HydrateFallback: () => null,
    loader: intakeQueryToken,
    children: [
      {
        path: '/login',
        handle: title('route.login'),
        lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: '/forgot-password',
        handle: title('route.forgotPassword'),
        lazy: () =>
          import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: '/auth-redirect',
        handle: title('route.authRedirect'),
        loader: ({ request }) =>
          import('./routes/auth-redirect').then((m) => m.authRedirectLoader(request)),
      },
      {
        path: QR_MOBILE_PAGE_PATH,
        handle: title('route.qrMobile'),
        lazy: () => import('./routes/qr-mobile').then((m) => ({ Component: m.QrMobileRoute })),
      },
      {
        path: '/404',
        handle: title('route.notFound'),
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
      },
      {
        id: 'private',
        loader: requireToken,
        children: [
          {
            path: '/',
            lazy: () => import('./layout/shell-layout').then((m) => ({ Component: m.ShellLayout })),
            children: [
              {
                index: true,
                handle: title('route.home'),
                lazy: () => import('./routes/home').then((m) => ({ Component: m.HomeRoute })),
              },
              {
                path: 'business_guide',
                handle: title('route.businessGuide'),
                children: [
                  { index: true, loader: () => redirect('/business_guide/table') },
                  {
                    path: 'table',
                    handle: title('route.guideTable'),
                    lazy: () =>
                      import('@/features/business-guide/components/guide-table-page').then((m) => ({
                        Component: m.GuideTablePage,
                      })),
                  },
                  {
                    path: 'details',
                    handle: title('route.guideDetails'),
                    lazy: () =>
                      import('@/features/business-guide/components/guide-details-page').then(
                        (m) => ({ Component: m.GuideDetailsPage }),
                      ),
                  },
                  {
                    path: 'government_edit',
                    handle: title('route.guideEdit'),
                    lazy: () =>
                      import('@/features/business-guide/components/guide-edit-page').then((m) => ({
                        Component: m.GuideEditPage,
                      })),
                  },
                  {
                    path: 'guideEditer',
                    handle: title('route.guideEditor'),
                    lazy: () =>
                      import('@/features/business-guide/components/guide-editor-page').then(
                        (m) => ({ Component: m.GuideEditorPage }),
                      ),
                  },
                ],
              },
              {
                path: 'amap',
                handle: title('route.map'),
                lazy: () => import('./routes/map').then((m) => ({ Component: m.MapRoute })),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: title('route.notFound'),
        // Only the paths of PUBLIC_PATHS (guards.ts) are public.
        loader: requireToken,
        lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
];

export function createAppRouter(mode: 'hash' | 'history') {
  const router = mode === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes);
  registerNavigate((to, options) => router.navigate(to, options));
  return router;
}
