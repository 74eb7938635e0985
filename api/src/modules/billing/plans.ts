import type { PlanFeatureId } from './plan-features';

/** A subscription plan (requirements §L9): the one place plans, prices and token allowances live. */
export interface Plan {
  /** 1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise. */
  readonly level: number;
  readonly name: string;
  /** Short type name (requirements §L3 "a simpler form: type"). */
  readonly type: string;
  /** The id a checkout is started with (spec: price_id); free has none to buy. */
  readonly priceId: string | null;
  readonly priceCents: number;
  readonly currency: 'usd';
  readonly period: 'month';
  readonly tokensPerMonth: number;
  readonly tokensText: string;
  readonly description: string;
  /** What the plan gives, all of it (a card shows what it adds to the plan below); see plan-features.ts. */
  readonly features: readonly PlanFeatureId[];
  readonly badge: string | null;
  readonly recommended: boolean;
  readonly imageUrl: string | null;
}

/** Early Access signs up until this date (the spec disagrees with itself; see docs/decisions.md). */
export const EARLY_ACCESS_ENDS = 'June 1st';

export const PLANS: readonly Plan[] = [
  {
    level: 1,
    name: 'Free',
    type: 'free',
    priceId: null,
    priceCents: 0,
    currency: 'usd',
    period: 'month',
    tokensPerMonth: 25,
    tokensText: '25 tokens / month',
    description: 'Generate beats from a prompt, listen for free, and lease a beat to release it.',
    features: ['generation', 'personalDownload', 'sellBeats'],
    badge: null,
    recommended: false,
    imageUrl: null,
  },
  {
    level: 2,
    name: 'Early Access Premium',
    type: 'early_access',
    priceId: 'early_access',
    priceCents: 750,
    currency: 'usd',
    period: 'month',
    tokensPerMonth: 100,
    tokensText: '100 tokens / month',
    description: `Full beats and editing at 62.5% off Premium's $20 for your first year. Limited time: sign up before ${EARLY_ACCESS_ENDS}.`,
    features: ['generation', 'personalDownload', 'fullBeats', 'editing', 'sellBeats'],
    badge: 'Save 62.5%',
    recommended: true,
    imageUrl: null,
  },
  {
    level: 3,
    name: 'Premium',
    type: 'premium',
    priceId: 'premium',
    priceCents: 2000,
    currency: 'usd',
    period: 'month',
    tokensPerMonth: 100,
    tokensText: '100 tokens / month',
    description: 'Full beats, editing and priority support.',
    features: ['generation', 'personalDownload', 'fullBeats', 'editing', 'sellBeats', 'fullRights', 'uploadStems', 'prioritySupport'],
    badge: null,
    recommended: false,
    imageUrl: null,
  },
  {
    level: 4,
    name: 'Enterprise',
    type: 'enterprise',
    priceId: 'enterprise',
    priceCents: 50_000,
    currency: 'usd',
    period: 'month',
    tokensPerMonth: 1000,
    tokensText: '1,000 tokens / month',
    description: 'For record labels, publishers and businesses.',
    features: [
      'generation', 'personalDownload', 'fullBeats', 'editing', 'sellBeats', 'fullRights', 'uploadStems', 'prioritySupport',
      'instantSupport', 'earlyAccess', 'featureRequests', 'auditing', 'forLabels',
    ],
    badge: 'For labels',
    recommended: false,
    imageUrl: null,
  },
];

export const FREE_PLAN = PLANS[0];

export const planByLevel = (level: number): Plan => PLANS.find((p) => p.level === level) ?? FREE_PLAN;
export const planByPriceId = (priceId: string): Plan | undefined => PLANS.find((p) => p.priceId === priceId);
