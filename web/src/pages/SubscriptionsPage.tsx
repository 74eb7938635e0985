import { Subscriptions } from '../features/billing/components/Subscriptions';

/** /subscriptions: the subscribe page, open to everyone (subscribing asks for a login). */
export function SubscriptionsPage() {
  return <Subscriptions />;
}
