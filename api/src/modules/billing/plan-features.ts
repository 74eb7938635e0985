import { isObjectType, type GraphQLSchema } from 'graphql';
import type { PlanGateId } from './plan-gates';
import type { Plan } from './plans';

/**
 * A capability of the api that a claim depends on, named as a field of the GraphQL schema:
 * `Mutation.createLicenseCheckout`, `Query.beatAudit`, `Beat.downloadUrl`. A REST path is a thin
 * adapter over the same service call (docs/architecture.md), so the schema field stands for both.
 */
export type Capability = `${string}.${string}`;

/** Something a plan card or the comparison table says a plan gives. */
export interface PlanFeatureDefinition {
  readonly label: string;
  /**
   * What must exist for the claim to be true. While any of it is missing the feature is shown as
   * coming soon; the issue that builds it turns the claim on by adding the capability (and, if it
   * names it differently, by changing this line). Empty only for a promise people keep (support).
   */
  readonly requires: readonly Capability[];
  /**
   * The plan gate (plan-gates.ts) that refuses it below the lowest plan listing it. Null only for a
   * feature every plan lists, a promise people keep (no capability), or one still coming soon; the
   * plan-features test fails on any other feature without a gate, and probes every gate.
   */
  readonly enforcedBy: PlanGateId | null;
  /**
   * A service level rather than access: how the plan's users are served ahead of others (nothing is
   * refused below the plan, so no gate). Names where that order is kept and tested.
   */
  readonly servedFirstBy?: string;
}

/**
 * Every feature a plan may claim, in the order the comparison table lists them. The one place a
 * plan claim and its dependency live (docs/decisions.md, "Claims that wait for their feature").
 */
export const PLAN_FEATURES = {
  generation: { label: 'Beat generation from a prompt', requires: ['Mutation.generateBeat', 'Mutation.regenerateBeat'], enforcedBy: null },
  personalDownload: { label: 'Download for personal listening', requires: ['Beat.downloadUrl'], enforcedBy: null },
  fullBeats: { label: 'Full beats', requires: ['Mutation.makeFullBeat'], enforcedBy: 'fullBeatsAndEditing' },
  editing: { label: 'Beat editing', requires: ['Mutation.changeDrums', 'Mutation.removeDrums', 'Mutation.setGlobalDrums', 'Mutation.setSectionEnergy'], enforcedBy: 'fullBeatsAndEditing' },
  // Licences (the licence issue): a beat's owner buys the right to release and sell it. Leases are
  // open to every signed-in user (issue 30), so every plan lists selling.
  sellBeats: { label: 'Sell beats and earn', requires: ['Mutation.createLicenseCheckout'], enforcedBy: null },
  fullRights: { label: 'Purchase beats with full rights', requires: ['Mutation.createLicenseCheckout'], enforcedBy: 'fullRights' },
  // Producers: signing up with a payout account (producer issue), paid from licence sales (licence and payout issues).
  uploadStems: { label: 'Upload stems and earn', requires: ['Mutation.uploadMelodySamples', 'Mutation.producerSignup', 'Mutation.createLicenseCheckout', 'Query.myEarnings'], enforcedBy: 'uploadStems' },
  // Support (issue 30): /contact reaches the admin Inbox, which lists Enterprise, then Premium, first.
  prioritySupport: { label: 'Priority support', requires: ['Mutation.sendSupportMessage', 'Query.supportInbox'], enforcedBy: null, servedFirstBy: 'support-topics.ts priorityOf: the Inbox lists Premium before Free' },
  instantSupport: { label: 'Instant support', requires: ['Mutation.sendSupportMessage', 'Query.supportInbox'], enforcedBy: null, servedFirstBy: 'support-topics.ts priorityOf: the Inbox lists Enterprise first' },
  earlyAccess: { label: 'Early access to new features', requires: [], enforcedBy: null },
  featureRequests: { label: 'Feature requests', requires: [], enforcedBy: null },
  // The admin issue: the stored provenance of every beat, readable by the licensee's auditors.
  auditing: { label: 'Copyright and publishing auditing', requires: ['Query.beatAudit'], enforcedBy: null },
  forLabels: { label: 'For record labels, publishers and businesses', requires: [], enforcedBy: null },
} as const satisfies Record<string, PlanFeatureDefinition>;

export type PlanFeatureId = keyof typeof PLAN_FEATURES;

/** The ids in table order. */
export const PLAN_FEATURE_IDS = Object.keys(PLAN_FEATURES) as PlanFeatureId[];

/** A plan feature as the `plans` query serves it. */
export interface PlanFeatureView {
  readonly id: PlanFeatureId;
  readonly label: string;
  /** False while a capability it needs is missing from the schema: shown as coming soon. */
  readonly available: boolean;
  readonly requires: readonly Capability[];
}

/** Whether the schema has the field a capability names. */
export function schemaHas(schema: GraphQLSchema, capability: Capability): boolean {
  const [typeName, fieldName] = capability.split('.');
  const type = schema.getType(typeName);
  return isObjectType(type) && fieldName in type.getFields();
}

/** A feature with its availability read from the schema the api serves. */
export function planFeatureView(id: PlanFeatureId, schema: GraphQLSchema): PlanFeatureView {
  const { label, requires } = PLAN_FEATURES[id];
  return { id, label, requires, available: requires.every((capability) => schemaHas(schema, capability)) };
}

/** A plan as the `plans` query serves it: its features with their availability in that schema. */
export function servedPlan(plan: Plan, schema: GraphQLSchema) {
  return { ...plan, features: plan.features.map((id) => ({ ...planFeatureView(id, schema), requires: [...PLAN_FEATURES[id].requires] })) };
}
