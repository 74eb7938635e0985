import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingOverlay } from '../../ui/loading-overlay/LoadingOverlay';
import { ProtectedRoute } from '../layouts/ProtectedRoute';
import { RootLayout } from '../layouts/RootLayout';
import { RouteErrorPage } from '../layouts/RouteErrorPage';
import { SiteLayout } from '../layouts/SiteLayout';
import { lazyPage } from './lazy-page';
import { paths } from './paths';

// Each page is its own chunk; the shell (layouts, header, session) loads with the entry. A chunk that
// has not arrived in 120 s fails (lazy-page.ts) and the error page offers a reload.
const WelcomePage = lazyPage(() => import('../../pages/WelcomePage').then((m) => m.WelcomePage));
const AccountProfilePage = lazyPage(() => import('../../pages/AccountProfilePage').then((m) => m.AccountProfilePage));
const NotFoundPage = lazyPage(() => import('../../pages/NotFoundPage').then((m) => m.NotFoundPage));
const SubscriptionsPage = lazyPage(() => import('../../pages/SubscriptionsPage').then((m) => m.SubscriptionsPage));
const SuccessPage = lazyPage(() => import('../../pages/SuccessPage').then((m) => m.SuccessPage));
const SubscriptionFeaturesPage = lazyPage(() => import('../../pages/SubscriptionFeaturesPage').then((m) => m.SubscriptionFeaturesPage));
const BeatEditingPage = lazyPage(() => import('../../pages/BeatEditingPage').then((m) => m.BeatEditingPage));
const RightsUsagePage = lazyPage(() => import('../../pages/RightsUsagePage').then((m) => m.RightsUsagePage));
const LicensesPage = lazyPage(() => import('../../pages/LicensesPage').then((m) => m.LicensesPage));
const AboutPage = lazyPage(() => import('../../pages/AboutPage').then((m) => m.AboutPage));
const TermsConditionsPage = lazyPage(() => import('../../pages/TermsConditionsPage').then((m) => m.TermsConditionsPage));
const GeneratorPage = lazyPage(() => import('../../pages/GeneratorPage').then((m) => m.GeneratorPage));
const DevelopersPage = lazyPage(() => import('../../pages/DevelopersPage').then((m) => m.DevelopersPage));
const DatasetPage = lazyPage(() => import('../../pages/DatasetPage').then((m) => m.DatasetPage));
const UploadSamplesPage = lazyPage(() => import('../../pages/UploadSamplesPage').then((m) => m.UploadSamplesPage));
const UploadDrumsPage = lazyPage(() => import('../../pages/UploadDrumsPage').then((m) => m.UploadDrumsPage));
const ChoicePage = lazyPage(() => import('../../pages/ChoicePage').then((m) => m.ChoicePage));
const ProducerSignupPage = lazyPage(() => import('../../pages/ProducerSignupPage').then((m) => m.ProducerSignupPage));
const PayoutConnectedPage = lazyPage(() => import('../../pages/PayoutConnectedPage').then((m) => m.PayoutConnectedPage));
const AdminPortalPage = lazyPage(() => import('../../pages/AdminPortalPage').then((m) => m.AdminPortalPage));
const LicenceVerificationPage = lazyPage(() => import('../../pages/LicenceVerificationPage').then((m) => m.LicenceVerificationPage));
const ContactPage = lazyPage(() => import('../../pages/ContactPage').then((m) => m.ContactPage));
const SharedBeatPage = lazyPage(() => import('../../pages/SharedBeatPage').then((m) => m.SharedBeatPage));
const ContributorSetupPage = lazyPage(() => import('../../pages/ContributorSetupPage').then((m) => m.ContributorSetupPage));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Page />
    </Suspense>
  );
}

/** The one router tree (requirements §L2). Routes of later issues join here, next to their siblings. */
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
          // The generator is open to visitors: it asks them to log in (docs/decisions.md).
          { index: true, element: page(GeneratorPage) },
          {
            element: <ProtectedRoute />,
            children: [
              { path: paths.accountProfile, element: page(AccountProfilePage) },
              { path: paths.success, element: page(SuccessPage) },
              { path: paths.uploadSamples, element: page(UploadSamplesPage) },
              { path: paths.uploadDrums, element: page(UploadDrumsPage) },
              { path: paths.account, element: <Navigate to={paths.accountProfile} replace /> },
              { path: paths.producerSignup, element: page(ProducerSignupPage) },
              { path: paths.payoutConnected, element: page(PayoutConnectedPage) },
              { path: paths.contributorSetup, element: page(ContributorSetupPage) },
              { path: paths.adminPortal, element: page(AdminPortalPage) },
            ],
          },
          { path: paths.subscriptions, element: page(SubscriptionsPage) },
          // The contribute choice is public: Producer starts the login (requirements §P2).
          { path: paths.choice, element: page(ChoicePage) },
          // The information pages are public (docs/decisions.md).
          { path: paths.subscriptionFeatures, element: page(SubscriptionFeaturesPage) },
          { path: paths.beatEditing, element: page(BeatEditingPage) },
          { path: paths.rightsUsage, element: page(RightsUsagePage) },
          { path: paths.licenses, element: page(LicensesPage) },
          { path: paths.about, element: page(AboutPage) },
          { path: paths.termsConditions, element: page(TermsConditionsPage) },
          { path: paths.dataSet, element: page(DatasetPage) },
          // The API documentation is public (issue 20).
          { path: paths.developers, element: page(DevelopersPage) },
          // Anyone holding a licence document checks it here, signed in or not (issue 17).
          { path: paths.licenceVerification, element: page(LicenceVerificationPage) },
          // Anyone writes to support here, signed in or not (issue 30).
          { path: paths.contact, element: page(ContactPage) },
          // A beat its owner shared: anyone plays it, signed in or not (issue 36).
          { path: paths.sharedBeat, element: page(SharedBeatPage) },
          { path: '*', element: page(NotFoundPage) },
        ],
      },
    ],
  },
];
