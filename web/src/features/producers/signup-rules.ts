/** The producer signup form's values, as typed. */
export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string;
  producerName: string;
  pro: string;
  proId: string;
  masterRoyaltiesInfo: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues, string>>;

export const EMPTY_SIGNUP: SignupValues = { firstName: '', lastName: '', email: '', birthDate: '', producerName: '', pro: '', proId: '', masterRoyaltiesInfo: '' };

/** The PRO options of requirements §P2, for when the api's option list has not arrived. */
export const PRO_OPTIONS = ['BMI', 'ASCAP', 'SESAC', 'TONO', 'GEMA', 'MCSC', 'ECAD'] as const;
export const MIN_PRODUCER_AGE = 18;
/** The api's limits (producers.schemas.ts), so the form refuses what the api would. */
export const NAME_MAX = 50;
export const PRO_ID_MAX = 50;
export const MASTERS_INFO_MAX = 1000;

// Letters of any script with their combining marks, as the api checks them.
const LETTERS = /^[\p{L}\p{M}]+$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when someone born on `birthDate` (YYYY-MM-DD) is at least `years` old on `today` (UTC), as the api counts. */
export function isAtLeast(birthDate: string, years: number, today = new Date()): boolean {
  const match = ISO_DATE.exec(birthDate);
  if (!match) return false;
  const comesOfAge = Date.UTC(Number(match[1]) + years, Number(match[2]) - 1, Number(match[3]));
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) >= comesOfAge;
}

/**
 * Requirements §P5: first name, last name, email, birth date and producer name are required; names are
 * letters only; the producer is at least 18. The api checks the same and has the last word.
 */
export function validateSignup(values: SignupValues, minimumAge = MIN_PRODUCER_AGE, today = new Date()): SignupErrors {
  const errors: SignupErrors = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (!firstName) errors.firstName = 'First name is required.';
  else if (!LETTERS.test(firstName)) errors.firstName = 'First name should only contain letters';
  else if (firstName.length > NAME_MAX) errors.firstName = `First name must be at most ${NAME_MAX} characters.`;
  if (!lastName) errors.lastName = 'Last name is required.';
  else if (!LETTERS.test(lastName)) errors.lastName = 'Last name should only contain letters';
  else if (lastName.length > NAME_MAX) errors.lastName = `Last name must be at most ${NAME_MAX} characters.`;
  if (!values.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'Email is not a valid email address.';
  if (!values.birthDate) errors.birthDate = 'Birth date is required.';
  else if (!ISO_DATE.test(values.birthDate)) errors.birthDate = 'Birth date must be a date (YYYY-MM-DD).';
  else if (!isAtLeast(values.birthDate, minimumAge, today)) errors.birthDate = 'You must be at least 18 years old';
  if (!values.producerName.trim()) errors.producerName = 'Producer name is required.';
  else if (values.producerName.trim().length > NAME_MAX) errors.producerName = `Producer name must be at most ${NAME_MAX} characters.`;
  if (values.proId.trim().length > PRO_ID_MAX) errors.proId = `PRO ID must be at most ${PRO_ID_MAX} characters.`;
  if (values.masterRoyaltiesInfo.trim().length > MASTERS_INFO_MAX) errors.masterRoyaltiesInfo = `Master royalties info must be at most ${MASTERS_INFO_MAX} characters.`;
  return errors;
}

/** Which field an api refusal is about, from its spec text (the api names the field in its message). */
export function fieldOfServerError(message: string): keyof SignupValues | null {
  if (message.startsWith('First name')) return 'firstName';
  if (message.startsWith('Last name')) return 'lastName';
  if (message.startsWith('You must be at least') || message.startsWith('Birth date')) return 'birthDate';
  if (message.startsWith('Email')) return 'email';
  if (message.startsWith('Producer name') || message.includes('producer name is taken')) return 'producerName';
  return null;
}
