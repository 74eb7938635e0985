import type { User } from './user.entity';

/** Subscription level -> the plan name shown as the account's subscription type (spec 1 §4). */
export const SUBSCRIPTION_TYPES: Record<number, string> = {
  1: 'Free',
  2: 'Early Access Premium',
  3: 'Premium',
  4: 'Enterprise',
};

export const subscriptionTypeOf = (level: number): string => SUBSCRIPTION_TYPES[level] ?? 'Free';

/** GET /account/profile (spec 1 §3 "Profile"). `beats` is filled by the beats module once it exists. */
export function presentProfile(user: User, imageUrl: string | null, beats: unknown[] = []) {
  return {
    username: user.username,
    email: user.email,
    user_type: user.userType ?? null,
    creator_name: user.creatorName ?? null,
    fname: user.fname ?? null,
    lname: user.lname ?? null,
    country: user.country ?? null,
    image_path: imageUrl,
    subscription_type: subscriptionTypeOf(user.subscriptionLevel),
    beats,
  };
}

/** GET /get-user-info: what the purchase form needs. */
export const presentUserInfo = (user: User) => ({
  first_name: user.fname ?? null,
  last_name: user.lname ?? null,
  country: user.country ?? null,
});
