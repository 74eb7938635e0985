/**
 * The public surface of the billing module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { BillingService, OwnPayment } from './billing.service';
export type { BillingAdminService, PlanAccountRow, PlanStat, SubscriptionPaymentRow } from './billing-admin.service';
export { MAX_ADMIN_BALANCE, type CreditsService } from './credits.service';
export type { BillingAccounts } from './billing-accounts.service';
export { PLAN_GATES, planAllows, planRequired, requirePlan, type PlanGateId } from './plan-gates';
export { PLANS, FREE_PLAN, planByLevel, type Plan } from './plans';
export type { PaymentsPort } from './payments/payments-port';
export { isLocalSessionId } from './payments/local-payments';
export type { PaymentCheckoutEvents, WebhookOutcome } from './stripe-webhook';
