/**
 * The money rule of a licence sale (docs/decisions.md, "Earnings: the split, to the cent"). Pure
 * integer arithmetic on cents: no floating point touches an amount.
 */

/** Basis points of a whole (100.00%). */
export const WHOLE_BASIS_POINTS = 10_000;
/** The producers' part of a sale's net, in percent. */
export const PRODUCERS_PERCENT = 90;

export interface ShareInput {
  readonly producerId: string;
  readonly shareBasisPoints: number;
}

export interface ProducerPart extends ShareInput {
  readonly cents: number;
}

export interface SaleSplit {
  readonly grossCents: number;
  readonly feeCents: number;
  /** True when the fee is the local checkout's stand-in, not a processor's figure. */
  readonly feeEstimated: boolean;
  readonly netCents: number;
  /** 90% of the net, rounded half up to the cent. */
  readonly poolCents: number;
  /** The pool split by share: sums exactly to poolCents. */
  readonly parts: readonly ProducerPart[];
  /** net - pool. */
  readonly platformCents: number;
}

/**
 * The local checkout's stand-in processing fee: 2.9% of the gross rounded half up to the cent, plus
 * 30 cents (Stripe's US card price), never more than the gross itself.
 */
export function standInFeeCents(grossCents: number): number {
  return Math.min(grossCents, Math.floor((grossCents * 29 + 500) / 1000) + 30);
}

/** 90% of the net, rounded half up to the cent (the half cent goes to the producers). */
export function producersPoolCents(netCents: number): number {
  return Math.floor((netCents * PRODUCERS_PERCENT * 10 + 500) / 1000);
}

/**
 * Splits `totalCents` by shares with the largest-remainder method: everyone gets the floor of their
 * exact part; the cents left go one each to the largest remainders. Equal remainders go to the larger
 * share, then to the smaller producer id (string order), so the result never depends on input order.
 */
export function splitByShares(totalCents: number, shares: readonly ShareInput[]): ProducerPart[] {
  const sum = shares.reduce((a, s) => a + s.shareBasisPoints, 0);
  if (sum <= 0) return [];
  const exact = shares.map((s) => ({
    ...s,
    floor: Math.floor((totalCents * s.shareBasisPoints) / sum),
    remainder: (totalCents * s.shareBasisPoints) % sum,
  }));
  let left = totalCents - exact.reduce((a, e) => a + e.floor, 0);
  const order = [...exact].sort(
    (a, b) => b.remainder - a.remainder || b.shareBasisPoints - a.shareBasisPoints || (a.producerId < b.producerId ? -1 : a.producerId > b.producerId ? 1 : 0),
  );
  const bonus = new Set<string>();
  for (const e of order) {
    if (left <= 0) break;
    bonus.add(e.producerId);
    left--;
  }
  return exact.map((e) => ({ producerId: e.producerId, shareBasisPoints: e.shareBasisPoints, cents: e.floor + (bonus.has(e.producerId) ? 1 : 0) }));
}

/** A sale's whole split: fee (given, or the stand-in), net, the producers' pool by share, the platform's remainder. */
export function splitSale(grossCents: number, feeCents: number | null, shares: readonly ShareInput[]): SaleSplit {
  const fee = feeCents ?? standInFeeCents(grossCents);
  const net = grossCents - fee;
  const pool = producersPoolCents(net);
  return {
    grossCents,
    feeCents: fee,
    feeEstimated: feeCents === null,
    netCents: net,
    poolCents: pool,
    parts: splitByShares(pool, shares),
    platformCents: net - pool,
  };
}

/**
 * How much of a producer's part is taken back once `refundedCents` of the order's gross have been
 * refunded in all: in proportion, rounded down (the fraction of a cent stays with the producer), and
 * all of it once the whole gross is refunded. Never more than the part.
 */
export function reversedOfPart(partCents: number, refundedCents: number, grossCents: number): number {
  if (refundedCents >= grossCents) return partCents;
  return Math.min(partCents, Math.floor((partCents * refundedCents) / grossCents));
}
