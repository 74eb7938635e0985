import type { Arrangement } from '../../audio';
import { fxKindOfLayer, fxSoundingBars } from './fx-placement';

/** One part of a beat that a producer's sample fills: a layer in a section, weighed by its bars. */
export interface ContributionCell {
  readonly producerId: string;
  readonly weight: number;
}

export interface ProducerShare {
  readonly producerId: string;
  /** Percent with two decimals; the shares of a beat always add up to exactly 100.00. */
  readonly percent: number;
}

/**
 * Producer percentages of a beat (the rule in docs/decisions.md): each producer's share is the
 * weight of the cells their samples fill over the total, rounded to hundredths of a percent by the
 * largest-remainder method so that the shares sum to exactly 100. Ties in the remainder go to the
 * producer with the larger exact share, then by id, so the result is deterministic.
 */
export function producerShares(cells: readonly ContributionCell[]): ProducerShare[] {
  const totals = new Map<string, number>();
  for (const cell of cells) {
    if (!(cell.weight > 0)) continue;
    totals.set(cell.producerId, (totals.get(cell.producerId) ?? 0) + cell.weight);
  }
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  if (sum === 0) return [];
  const exact = [...totals].map(([producerId, weight]) => ({ producerId, basisPoints: (weight / sum) * 10_000 }));
  const floors = exact.map((e) => ({ ...e, floor: Math.floor(e.basisPoints + 1e-9) }));
  let left = 10_000 - floors.reduce((a, e) => a + e.floor, 0);
  const byRemainder = [...floors].sort(
    (a, b) => b.basisPoints - b.floor - (a.basisPoints - a.floor) || b.basisPoints - a.basisPoints || a.producerId.localeCompare(b.producerId),
  );
  const bonus = new Set<string>();
  for (const e of byRemainder) {
    if (left <= 0) break;
    bonus.add(e.producerId);
    left--;
  }
  return floors
    .map((e) => ({ producerId: e.producerId, percent: (e.floor + (bonus.has(e.producerId) ? 1 : 0)) / 100 }))
    .sort((a, b) => b.percent - a.percent || a.producerId.localeCompare(b.producerId));
}

/**
 * The cells of a beat's arrangement (every part not muted whose sample's producer is known): a loop
 * weighs the section's bars; a riser or an impact (fx-placement.ts) weighs the bars it sounds, so a
 * one-bar riser is credited for one bar, not for the eight it sits in.
 */
export function contributionCells(arrangement: Arrangement, producerOf: ReadonlyMap<string, string>): ContributionCell[] {
  const oneShots = new Set(arrangement.layers.filter((l) => fxKindOfLayer(l) !== null).map((l) => l.id));
  return arrangement.sections.flatMap((section) =>
    section.parts
      .filter((p) => !p.transform.muted && producerOf.has(p.sample.sampleId))
      .map((p) => ({ producerId: producerOf.get(p.sample.sampleId)!, weight: oneShots.has(p.layerId) ? fxSoundingBars(p, section.bars) : section.bars })),
  );
}
