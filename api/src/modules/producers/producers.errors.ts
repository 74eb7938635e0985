import { DomainError, badInput, forbidden, notFound } from '../../platform/errors';

/** The spec's texts (requirements §P8), word for word. */
export const TEXTS = {
  firstNameLetters: 'First name should only contain letters',
  lastNameLetters: 'Last name should only contain letters',
  underAge: 'You must be at least 18 years old',
  producerUpdated: 'Producer data updated successfully.',
  producerUpdateFailed: 'Error updating producer data.',
  pricingSaved: 'Pricing data saved successfully.',
  pricingFailed: 'Error saving pricing data.',
  contractSaved: 'Contract data saved successfully.',
  contractFailed: 'Error saving contract data.',
  agreementFailed: 'Error downloading producer agreement.',
} as const;

export const NOT_A_PRODUCER = 'Only producers can do this. Become a producer first: Contribute, then Producer (/choice).';
export const NO_PAYOUT_ACCOUNT = 'You have no payout account yet. Finish the producer signup first.';

export const notAProducer = () => new DomainError('FORBIDDEN', NOT_A_PRODUCER, { reason: 'NOT_A_PRODUCER' });
export const noPayoutAccount = () => notFound(NO_PAYOUT_ACCOUNT);

/**
 * A save's failure in the spec's words followed by the reason ("Error saving pricing data.
 * price_standard must be more than $0."), so a client that shows only the first sentence still
 * shows the spec's text.
 */
export function saveFailed(prefix: string, error: unknown): unknown {
  if (error instanceof DomainError && error.code === 'BAD_USER_INPUT') return badInput(`${prefix} ${error.message}`, error.details);
  return error;
}

export { forbidden };
