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

export interface AccountDirectory {
  findById(id: string): Promise<IdentityAccount | null>;
  /** `login` is an email or a username. Resolves null when the pair does not match an account. */
  authenticate(login: string, password: string): Promise<IdentityAccount | null>;
  /**
   * Creates a local account. Rejects with a `DomainError` (see platform/errors) whose code is
   * CONFLICT when the email or username is taken, BAD_USER_INPUT when a field is invalid.
   */
  register(input: RegistrationInput): Promise<IdentityAccount>;
}
