/**
 * What the built-in identity provider needs from the accounts module. The provider never touches
 * the users table itself: it asks this directory, so the same accounts service backs GraphQL, REST
 * and sign-in.
 */
export interface IdentityAccount {
  /** Stable subject identifier: the `sub` claim of every token issued for this account. */
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly name?: string;
}

export interface RegistrationInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

/** What opening an email confirmation link did. */
export type EmailConfirmationResult = 'confirmed' | 'already-confirmed' | 'expired' | 'invalid';

export interface AccountDirectory {
  findById(id: string): Promise<IdentityAccount | null>;
  /**
   * The id of the account a login (email or username) names, or null; no password work. The sign-in
   * throttle counts attempts per account with it, so the email and the username share one budget.
   */
  lookup(login: string): Promise<string | null>;
  /**
   * `login` is an email or a username. Resolves null when the pair does not match an account, after
   * the same hashing work whether or not the account exists (its timing tells nothing).
   */
  authenticate(login: string, password: string): Promise<IdentityAccount | null>;
  /**
   * Creates a local account. Rejects with a `DomainError` (see platform/errors) whose code is
   * CONFLICT when the email or username is taken, BAD_USER_INPUT when a field is invalid (with
   * `details.field` when one field is at fault). Both are decided before the password is hashed.
   */
  register(input: RegistrationInput): Promise<IdentityAccount>;
  /** Opens an email confirmation link the account was mailed at registration. */
  confirmEmail(token: string): Promise<EmailConfirmationResult>;
}
