/** One month of a producer's earnings (UTC), in cents. */
export interface EarningsMonth {
  /** "2026-11". */
  readonly month: string;
  /** Parts of sales made this month. */
  readonly earnedCents: number;
  /** Of this month's sales: paid to the payout account and kept. */
  readonly paidCents: number;
  /** Of this month's sales: being paid now or waiting for a retry. */
  readonly pendingCents: number;
  /** Of this month's sales: waiting for the payout account. */
  readonly heldCents: number;
  /** Of this month's sales: refused by the provider for good. */
  readonly failedCents: number;
  /** Taken back by refunds made this month. */
  readonly reversedCents: number;
}

export interface TierCount {
  readonly tier: string;
  readonly licences: number;
  readonly earnedCents: number;
}

export interface WeekCount {
  /** The week's Monday, "2026-11-23". */
  readonly week: string;
  readonly beats: number;
}

/**
 * One loop's record. Shaped so that more columns (plays of shared beats) can be added beside
 * beats and licences without changing the others.
 */
export interface LoopRecord {
  readonly id: string;
  readonly kind: 'composition' | 'drum';
  readonly name: string;
  readonly type: string;
  readonly withdrawn: boolean;
  /** Beats crediting the producer that used this loop. */
  readonly beats: number;
  /** Licences sold of those beats (refunded ones included; their money is taken back in earnedCents). */
  readonly licences: number;
  /** The producer's part of those licences less refunds. A beat with two of their loops counts in both. */
  readonly earnedCents: number;
  readonly topGenres: readonly string[];
  readonly topWords: readonly string[];
}

export interface EarningsCharts {
  readonly from: Date;
  readonly to: Date;
  readonly months: readonly EarningsMonth[];
  readonly tiers: readonly TierCount[];
  readonly weeks: readonly WeekCount[];
  readonly loops: readonly LoopRecord[];
}

/** One line of a statement: a sale (a producer's part) or a refund (the part taken back). */
export interface StatementLine {
  readonly date: Date;
  readonly kind: 'sale' | 'refund';
  readonly orderId: string;
  readonly tier: string | null;
  readonly beatTitle: string | null;
  readonly shareBasisPoints: number | null;
  /** The order's gross (a sale), or the refunded amount as a negative figure (a refund). */
  readonly grossCents: number;
  /** The order's processing fee (a sale); 0 for a refund. */
  readonly feeCents: number;
  /** gross - fee (a sale); the refunded amount, negative (a refund). */
  readonly netCents: number;
  /** The producer's ledger amount: their part (a sale) or what was taken back, negative (a refund). */
  readonly amountCents: number;
  readonly transferStatus: string;
}

export interface Statement {
  readonly producerName: string;
  readonly period: string;
  readonly from: Date;
  readonly to: Date;
  readonly lines: readonly StatementLine[];
  readonly salesCents: number;
  readonly refundsCents: number;
  /** salesCents + refundsCents: equals the producer's ledger rows of the period. */
  readonly totalCents: number;
}
