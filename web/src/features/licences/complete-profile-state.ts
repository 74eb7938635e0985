/**
 * The player sends a buyer whose profile is incomplete to My Account with the beat they were
 * licensing in the navigation's state, so the account page can lead them back to it.
 */
export interface CompleteProfileState {
  readonly licenceBeatId: string;
}

export const completeProfileState = (beatId: string): CompleteProfileState => ({ licenceBeatId: beatId });

/** The beat a buyer was licensing when sent to complete their profile, if any. */
export function licenceBeatIdOf(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const { licenceBeatId } = state as Partial<CompleteProfileState>;
  return typeof licenceBeatId === 'string' && licenceBeatId.length > 0 ? licenceBeatId : null;
}
