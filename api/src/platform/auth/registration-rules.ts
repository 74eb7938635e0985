import { z } from 'zod';

/**
 * The rules of a new account, in one place: the accounts module's registration and the built-in
 * identity provider's sign-up form both check them, with the same wording.
 */
export const registrationSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, 'Email is too long.').email('Enter a valid email address.'),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.'),
  password: z.string().min(8, 'Password must be at least 8 characters.').max(128, 'Password must be at most 128 characters.'),
});
