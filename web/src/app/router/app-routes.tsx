import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
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
const SubscriptionFeaturesPage = lazy(() => import('../../pages/SubscriptionFeaturesPage').then((m) => ({ default: m.SubscriptionFeaturesPage })));
const BeatEditingPage = lazy(() => import('../../pages/BeatEditingPage').then((m) => ({ default: m.BeatEditingPage })));
const RightsUsagePage = lazy(() => import('../../pages/RightsUsagePage').then((m) => ({ default: m.RightsUsagePage })));
const LicensesPage = lazy(() => import('../../pages/LicensesPage').then((m) => ({ default: m.LicensesPage })));
const AboutPage = lazy(() => import('../../pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const TermsConditionsPage = lazy(() => import('../../pages/TermsConditionsPage').then((m) => ({ default: m.TermsConditionsPage })));
const GeneratorPage = lazy(() => import('../../pages/GeneratorPage').then((m) => ({ default: m.GeneratorPage })));
const DevelopersPage = lazy(() => import('../../pages/DevelopersPage').then((m) => ({ default: m.DevelopersPage })));
const DatasetPage = lazy(() => import('../../pages/DatasetPage').then((m) => ({ default: m.DatasetPage })));
const UploadSamplesPage = lazy(() => import('../../pages/UploadSamplesPage').then((m) => ({ default: m.UploadSamplesPage })));
const UploadDrumsPage = lazy(() => import('../../pages/UploadDrumsPage').then((m) => ({ default: m.UploadDrumsPage })));
const ChoicePage = lazy(() => import('../../pages/ChoicePage').then((m) => ({ default: m.ChoicePage })));
const ProducerSignupPage = lazy(() => import('../../pages/ProducerSignupPage').then((m) => ({ default: m.ProducerSignupPage })));
const PayoutConnectedPage = lazy(() => import('../../pages/PayoutConnectedPage').then((m) => ({ default: m.PayoutConnectedPage })));
const AdminPortalPage = lazy(() => import('../../pages/AdminPortalPage').then((m) => ({ default: m.AdminPortalPage })));
const LicenceVerificationPage = lazy(() => import('../../pages/LicenceVerificationPage').then((m) => ({ default: m.LicenceVerificationPage })));
const ContactPage = lazy(() => import('../../pages/ContactPage').then((m) => ({ default: m.ContactPage })));
const ContributorSetupPage = lazy(() => import('../../pages/ContributorSetupPage').then((m) => ({ default: m.ContributorSetupPage })));

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
          // The contribute choice is public: Producer starts the login (spec 2 §2).
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
          { path: '*', element: page(NotFoundPage) },
        ],
      },
    ],
  },
];
