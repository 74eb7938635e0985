import { z } from 'zod';
import { parseInput } from '../../platform/validation';
import { WHOLE_BASIS_POINTS } from './earnings-split';
import type { PaidOrder } from './earnings.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The largest order we take: $100,000 (an exclusive label licence is far below). */
export const MAX_ORDER_CENTS = 10_000_000;
const cents = z.number().int('Amounts are whole cents.');
const key = z.string().trim().min(1).max(200);

const paidOrderSchema = z
  .object({
    orderId: key,
    beatId: key,
    grossCents: cents.min(1, 'The order has no amount.').max(MAX_ORDER_CENTS, 'The order amount is too large.'),
    feeCents: cents.min(0, 'The fee cannot be negative.').nullable(),
    chargeId: z.string().trim().min(1).max(255).nullable(),
    tier: z.string().trim().max(50).nullish(),
    beatTitle: z.string().trim().max(300).nullish(),
    producers: z
      .array(z.object({ producerId: z.string().regex(UUID, 'A producer id is not a UUID.'), shareBasisPoints: cents.min(1, 'A share must be positive.').max(WHOLE_BASIS_POINTS) }))
      .min(1, 'The order names no producer.')
      .max(100, 'The order names too many producers.'),
  })
  .superRefine((order, ctx) => {
    if (order.feeCents !== null && order.feeCents > order.grossCents) ctx.addIssue({ code: 'custom', message: 'The fee is larger than the order.', path: ['feeCents'] });
    const total = order.producers.reduce((a, p) => a + p.shareBasisPoints, 0);
    if (total !== WHOLE_BASIS_POINTS) ctx.addIssue({ code: 'custom', message: `The producers' shares sum to ${total} basis points, not ${WHOLE_BASIS_POINTS}.`, path: ['producers'] });
    const ids = order.producers.map((p) => p.producerId.toLowerCase());
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'A producer is named twice.', path: ['producers'] });
  });

const refundSchema = z.object({
  orderId: key,
  refundId: key,
  refundedCents: cents.min(1, 'A refund must be positive.').max(MAX_ORDER_CENTS),
  reason: z.enum(['admin', 'exclusive_race', 'dispute']),
});

export type ValidRefund = z.output<typeof refundSchema>;

export const parsePaidOrder = (order: unknown): PaidOrder => {
  const parsed = parseInput(paidOrderSchema, order);
  return { ...parsed, producers: parsed.producers.map((p) => ({ producerId: p.producerId.toLowerCase(), shareBasisPoints: p.shareBasisPoints })) };
};
export const parseRefund = (refund: unknown): ValidRefund => parseInput(refundSchema, refund);
