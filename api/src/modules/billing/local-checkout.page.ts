import { escapeHtml as escape } from '../../platform/http/escape-html';
import type { Plan } from './plans';

/** The amount as the success page shows it: cents / 100 with 2 decimals and the upper-cased currency. */
export const formatAmount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export interface LocalCheckoutView {
  readonly productName: string;
  readonly plan: Plan;
  readonly amountCents: number;
  readonly currency: string;
  readonly status: string;
  readonly payAction: string;
  readonly cancelAction: string;
  readonly error?: string;
}

/** The local checkout's own page: the plan and amount, Pay and Cancel. No card, no money. */
export function renderLocalCheckout(view: LocalCheckoutView): string {
  const open = view.status === 'open';
  const body = open
    ? `<form method="post" action="${escape(view.payAction)}"><button type="submit" class="pay">Pay</button></form>
       <form method="post" action="${escape(view.cancelAction)}"><button type="submit" class="cancel">Cancel</button></form>`
    : `<p class="note">${view.status === 'complete' ? 'This checkout is already paid.' : 'This checkout was cancelled.'}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · ${escape(view.productName)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f0f1a; color: #f4f4fb; font: 16px/1.5 system-ui, sans-serif; }
  main { width: min(420px, 92vw); background: #1b1b2e; border: 1px solid #34345a; border-radius: 16px; padding: 32px; box-shadow: 0 12px 40px #0008; }
  h1 { margin: 0 0 4px; font-size: 1.4rem; }
  .badge { display: inline-block; font-size: .75rem; letter-spacing: .04em; text-transform: uppercase; color: #fbd38d; border: 1px solid #fbd38d66; border-radius: 999px; padding: 2px 10px; margin-bottom: 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #a5a5c8; } dd { margin: 0; text-align: right; }
  .amount { font-size: 1.6rem; font-weight: 700; }
  .actions { display: flex; gap: 12px; } form { flex: 1; margin: 0; }
  button { width: 100%; padding: 12px; border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid #6366f1; }
  .pay { background: #6366f1; color: #fff; } .cancel { background: transparent; color: #c7c7ea; border-color: #44446a; }
  .note, .error { margin: 0; } .error { color: #fca5a5; margin-bottom: 16px; }
</style>
</head>
<body>
<main>
  <h1>${escape(view.productName)} checkout</h1>
  <span class="badge">Local checkout · no card is charged</span>
  ${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ''}
  <dl>
    <dt>Plan</dt><dd data-testid="plan">${escape(view.plan.name)}</dd>
    <dt>Tokens</dt><dd>${escape(view.plan.tokensText)}</dd>
    <dt>Amount</dt><dd class="amount" data-testid="amount">${escape(formatAmount(view.amountCents, view.currency))} / ${escape(view.plan.period)}</dd>
  </dl>
  <div class="actions">${body}</div>
</main>
</body>
</html>`;
}
