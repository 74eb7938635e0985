/** The licence texts of requirements §L2 and §8, word for word, and the ones the spec leaves to us (docs/decisions.md). */
export const LICENCE_MESSAGES = {
  /** Requirements §L8: purchase with an incomplete profile. */
  profileIncomplete: 'Please complete your profile information to proceed.',
  completeProfile: 'Complete your profile',
  offerFailed: 'The licence options could not be loaded. Please try again.',
  checkoutFailed: 'The checkout could not be started. Please try again.',
  redirecting: 'Taking you to the secure checkout...',
  soldExclusively: 'This beat has been sold exclusively and is no longer for sale.',
  /** A tier not on offer whose reason the api did not give (an older api). */
  notOnOffer: 'This licence is not on offer for this beat.',
  /** After the plan reason: where to upgrade. */
  seePlans: 'See the plans',
  /** The modal's promise about what is unique (issue 17): the loops stay, the arrangement does not repeat. */
  uniqueArrangement:
    'This arrangement was made for you and is never given to anyone else. The producers\u2019 loops stay in the catalogue for other beats.',
} as const;

export const GET_LICENSE_LABEL = 'Get License';
export const PURCHASE_RIGHTS_TITLE = 'Purchase Rights';
export const PURCHASE_NOW_LABEL = 'Purchase Now';
