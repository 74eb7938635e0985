import type { PlanView } from './use-plans';

export type PlanFeatureView = PlanView['features'][number];

/**
 * What a plan's card lists: the features it adds to the highest plan below it whose features it
 * all has ("Everything in Premium, plus"), or all of them when there is none.
 */
export function cardFeatures(plan: PlanView, plans: readonly PlanView[]): { basis: PlanView | null; features: PlanFeatureView[] } {
  const own = new Set(plan.features.map((f) => f.id));
  const basis =
    [...plans]
      .filter((other) => other.level < plan.level && other.features.length > 0 && other.features.every((f) => own.has(f.id)))
      .sort((a, b) => b.level - a.level)[0] ?? null;
  const inBasis = new Set(basis?.features.map((f) => f.id));
  return { basis, features: plan.features.filter((f) => !inBasis.has(f.id)) };
}

/** The comparison table's feature rows: every feature any plan has, in the api's order, with the levels that have it. */
export function comparisonRows(plans: readonly PlanView[]): (PlanFeatureView & { levels: number[] })[] {
  const rows = new Map<string, PlanFeatureView & { levels: number[] }>();
  for (const plan of [...plans].sort((a, b) => a.level - b.level)) {
    for (const feature of plan.features) {
      const row = rows.get(feature.id) ?? { ...feature, levels: [] };
      row.levels.push(plan.level);
      rows.set(feature.id, row);
    }
  }
  return [...rows.values()];
}
