/** Every web route the app links to, in one place (requirements §L2 and requirements §P2). */
export const paths = {
  home: '/',
  welcome: '/welcome',
  account: '/account',
  accountProfile: '/account/profile',
  subscriptions: '/subscriptions',
  subscriptionFeatures: '/subscription-features',
  beatEditing: '/beat-editing',
  rightsUsage: '/rights-usage',
  licenses: '/ysm-licenses',
  about: '/about',
  termsConditions: '/terms-conditions',
  choice: '/choice',
  producerSignup: '/Producer-Signup',
  payoutConnected: '/stripe-connect/success',
  contributorSetup: '/contributor-setup',
  success: '/success',
  licenceVerification: '/licenses/verify/:id',
  dataSet: '/data-set',
  developers: '/developers',
  uploadSamples: '/upload-samples',
  uploadDrums: '/upload-drums',
  adminPortal: '/admin-portal',
  contact: '/contact',
  sharedBeat: '/shared/:shareId',
} as const;

/** Where logout and an expired session land. */
export const LOGOUT_LANDING = `${paths.welcome}?from=logout`;
