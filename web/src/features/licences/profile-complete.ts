/** The fields a licence names its buyer by (requirements §L3 "User info for purchase"). */
export interface BuyerProfile {
  readonly fname?: string | null;
  readonly lname?: string | null;
  readonly country?: string | null;
}

/** Requirements §L4: the profile counts as complete only if first name, last name and country are all present. */
export function isProfileComplete(profile: BuyerProfile | null | undefined): boolean {
  if (!profile) return false;
  return [profile.fname, profile.lname, profile.country].every((value) => typeof value === 'string' && value.trim() !== '');
}
