import type { User } from './user.entity';

/** Subscription level -> the plan name shown as the account's subscription type (requirements §L4). */
export const SUBSCRIPTION_TYPES: Record<number, string> = {
  1: 'Free',
  2: 'Early Access Premium',
  3: 'Premium',
  4: 'Enterprise',
};

export const subscriptionTypeOf = (level: number): string => SUBSCRIPTION_TYPES[level] ?? 'Free';

/** A beat of the profile's list, as the beats module gives it (requirements §L3 "Beat list item"). */
export interface ProfileBeat {
  readonly id: string;
  readonly prompt: string;
  readonly createdAt: Date;
  readonly producers: readonly string[];
}

/** GET /account/profile's beat list item (requirements §L3): beat_uuid, beat_name (the prompt), created_at, producers. */
export const presentProfileBeat = (beat: ProfileBeat) => ({
  beat_uuid: beat.id,
  beat_name: beat.prompt,
  created_at: beat.createdAt.toISOString(),
  producers: [...beat.producers],
});

/** GET /account/profile (requirements §L3 "Profile"), with the user's beats newest first. */
export function presentProfile(user: User, subscriptionLevel: number, imageUrl: string | null, beats: readonly ProfileBeat[]) {
  return {
    username: user.username,
    email: user.email,
    user_type: user.userType ?? null,
    creator_name: user.creatorName ?? null,
    fname: user.fname ?? null,
    lname: user.lname ?? null,
    country: user.country ?? null,
    image_path: imageUrl,
    subscription_type: subscriptionTypeOf(subscriptionLevel),
    beats: beats.map(presentProfileBeat),
  };
}

/** GET /get-user-info: what the purchase form needs. */
export const presentUserInfo = (user: User) => ({
  first_name: user.fname ?? null,
  last_name: user.lname ?? null,
  country: user.country ?? null,
});
