import { DomainError } from '../../platform/errors';
import { planByLevel } from './plans';

/**
 * What a plan below another may not do (requirements §L5 and the plan table, §2 "Plans"). The one place a
 * plan's limit and its refusal live: GraphQL, REST and the web pages (through `Query.planGates`)
 * say the same words. plan-features.ts names, for every feature of the plan table, the gate that
 * enforces it; the plan-features test checks each gate refuses below its level and admits at it.
 */
export type PlanGateId = 'fullBeatsAndEditing' | 'fullRights' | 'uploadStems';

export interface PlanGate {
  readonly id: PlanGateId;
  /** The lowest subscription level allowed (1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise). */
  readonly minLevel: number;
  /** The refusal below that level, as every transport and page shows it. */
  readonly message: string;
}

const needs = (what: string, level: number) => `${what} ${planByLevel(level).name} or a higher plan.`;

export const PLAN_GATES: Readonly<Record<PlanGateId, PlanGate>> = {
  fullBeatsAndEditing: { id: 'fullBeatsAndEditing', minLevel: 2, message: needs('Full beats and section editing need', 2) },
  fullRights: { id: 'fullRights', minLevel: 3, message: needs('Buying exclusive rights (full rights) needs', 3) },
  uploadStems: { id: 'uploadStems', minLevel: 3, message: needs('Uploading samples to earn from them needs', 3) },
};

export const PLAN_GATE_IDS = Object.keys(PLAN_GATES) as PlanGateId[];

/** Whether an account at this subscription level passes the gate. */
export const planAllows = (level: number, gate: PlanGateId): boolean => level >= PLAN_GATES[gate].minLevel;

/** The refusal of a gate: FORBIDDEN with its message, and `reason: PLAN_REQUIRED` for clients. */
export const planRequired = (gate: PlanGateId): DomainError =>
  new DomainError('FORBIDDEN', PLAN_GATES[gate].message, { reason: 'PLAN_REQUIRED', gate, minLevel: PLAN_GATES[gate].minLevel });

/** Throws the gate's refusal when the account's level is below it. */
export function requirePlan(level: number, gate: PlanGateId): void {
  if (!planAllows(level, gate)) throw planRequired(gate);
}
