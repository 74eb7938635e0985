/** The producer pages' texts of requirements §P8, word for word. */
export const PRODUCER_TEXTS = {
  firstNameLetters: 'First name should only contain letters',
  lastNameLetters: 'Last name should only contain letters',
  underAge: 'You must be at least 18 years old',
  producerUpdated: 'Producer data updated successfully.',
  producerUpdateFailed: 'Error updating producer data.',
  pricingSaved: 'Pricing data saved successfully.',
  pricingFailed: 'Error saving pricing data.',
  contractSaved: 'Contract data saved successfully.',
  contractFailed: 'Error saving contract data.',
  agreementDownloaded: 'Producer agreement downloaded successfully.',
  agreementFailed: 'Error downloading producer agreement.',
} as const;

/**
 * A failed save in the spec's words, with the api's reason when it gave one. The api already
 * starts its refusals with the spec's text ("Error saving pricing data. price_standard ..."), so
 * that text is not repeated.
 */
export function failureText(specText: string, serverMessage: string | undefined): string {
  if (!serverMessage) return specText;
  if (serverMessage.startsWith(specText)) return serverMessage;
  return `${specText} ${serverMessage}`;
}
