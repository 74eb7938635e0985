/**
 * What a user says they are, on My Account (requirements §L3 `user_type`; its values are not shown there).
 * A fixed list, so the form offers a choice and the internal value of the showcase account
 * ('system', which platform statistics leave out) can never be chosen through the profile.
 */
export const USER_TYPES = ['artist', 'producer', 'songwriter', 'listener'] as const;
export type UserType = (typeof USER_TYPES)[number];
