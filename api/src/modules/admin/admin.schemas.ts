import { z } from 'zod';
import { MAX_ADMIN_BALANCE } from '../billing';

const tokenAmount = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 0 to ${MAX_ADMIN_BALANCE.toLocaleString('en-US')}.` })
    .int(`${field} must be a whole number from 0 to ${MAX_ADMIN_BALANCE.toLocaleString('en-US')}.`)
    .min(0, `${field} must be a whole number from 0 to ${MAX_ADMIN_BALANCE.toLocaleString('en-US')}.`)
    .max(MAX_ADMIN_BALANCE, `${field} must be a whole number from 0 to ${MAX_ADMIN_BALANCE.toLocaleString('en-US')}.`);

/** POST /admin/update-tokens (requirements §P7: user_id, tokens_remaining; plus the balance the admin saw, and a reason). */
export const updateTokensBody = z.strictObject({
  user_id: z.string({ error: 'user_id is required.' }).max(100, 'user_id must be an account id.'),
  tokens_remaining: tokenAmount('tokens_remaining'),
  tokens_seen: tokenAmount('tokens_seen').optional(),
  reason: z.string().max(500, 'The reason must be at most 500 characters.').optional(),
});

export const refundSubscriptionPaymentBody = z.strictObject({
  payment_id: z.string({ error: 'payment_id is required.' }).max(100, 'payment_id must be a payment id.'),
  reason: z.string({ error: 'Give a reason.' }).max(500, 'The reason must be at most 500 characters.'),
});

export const refundOrderBody = z.strictObject({
  order_id: z.string({ error: 'order_id is required.' }).max(100, 'order_id must be an order id.'),
  reason: z.string({ error: 'Give a reason.' }).max(500, 'The reason must be at most 500 characters.'),
});

/** GET /admin/charts?from=2026-11-01&to=2026-11-30 (both optional; the dates are checked by parseRange). */
export const adminChartsQuery = z.strictObject({
  from: z.string({ error: 'from must be a date, 2026-11-27.' }).max(10, 'from must be a date, 2026-11-27.').optional(),
  to: z.string({ error: 'to must be a date, 2026-11-27.' }).max(10, 'to must be a date, 2026-11-27.').optional(),
});
