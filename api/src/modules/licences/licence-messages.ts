/** User-facing texts of the licences module (requirements (listener core) where it has them, word for word). */
export const LICENCE_TEXTS = {
  incompleteProfile: 'Please complete your profile information to proceed.',
  beatNotFound: 'That beat does not exist.',
  unknownTier: 'lease_option_id must be one of standard, advanced, excindie or exclabel.',
  soldExclusively: 'This beat has been sold exclusively and is no longer for sale.',
  noExclusives: 'A producer of this beat does not sell exclusive rights.',
  belowMinimum: 'This licence costs less than the smallest card payment ($0.50) and cannot be bought.',
  checkoutNotFound: 'That checkout does not exist.',
  licenceNotFound: 'That licence does not exist.',
  refundedLicence: 'This licence was refunded; its files are no longer available.',
  filesPending: 'The licence files are still being prepared. Please try again in a moment.',
  noStems: 'This licence does not include stems.',
  linkExpired: 'This download link has expired.',
  linkInvalid: 'Invalid download link.',
  linkForeign: 'This download link belongs to another account.',
  refundedExclusive: 'This beat was sold exclusively before your payment completed, so your payment was refunded in full.',
} as const;
