import { Fragment, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingOverlay } from '../../ui/loading-overlay/LoadingOverlay';
import { ProtectedRoute } from '../layouts/ProtectedRoute';
import { RootLayout } from '../layouts/RootLayout';
import { RouteErrorPage } from '../layouts/RouteErrorPage';
import { SiteLayout } from '../layouts/SiteLayout';
import { paths } from './paths';

// Each page is its own chunk; the shell (layouts, header, session) loads with the entry.
const WelcomePage = lazy(() => import('../../pages/WelcomePage').then((m) => ({ default: m.WelcomePage })));
const AccountProfilePage = lazy(() => import('../../pages/AccountProfilePage').then((m) => ({ default: m.AccountProfilePage })));
const NotFoundPage = lazy(() => import('../../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const SubscriptionsPage = lazy(() => import('../../pages/SubscriptionsPage').then((m) => ({ default: m.SubscriptionsPage })));
const SuccessPage = lazy(() => import('../../pages/SuccessPage').then((m) => ({ default: m.SuccessPage })));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Page />
    </Suspense>
  );
}

/** The one router tree (spec 1 §2). Routes of later issues join here, next to their siblings. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // The public landing page has no header.
      { path: paths.welcome, element: page(WelcomePage) },
      {
        element: <SiteLayout />,
        children: [
          // The generator (a later issue) fills the home page; until then its main area is empty.
          { index: true, element: <Fragment /> },
          {
            element: <ProtectedRoute />,
            children: [
              { path: paths.accountProfile, element: page(AccountProfilePage) },
              { path: paths.success, element: page(SuccessPage) },
            ],
          },
          { path: paths.subscriptions, element: page(SubscriptionsPage) },
          { path: '*', element: page(NotFoundPage) },
        ],
      },
    ],
  },
];
