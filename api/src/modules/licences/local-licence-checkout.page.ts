import { escapeHtml as escape } from '../../platform/http/escape-html';
export interface LocalLicenceCheckoutView {
  readonly productName: string;
  readonly tierTitle: string;
  readonly beatTitle: string;
  readonly amountCents: number;
  readonly status: string;
  readonly payAction: string;
  readonly cancelAction: string;
  readonly error?: string;
}

const STATUS_NOTE: Record<string, string> = {
  paid: 'This checkout is already paid.',
  refund_pending: 'This checkout was paid and refunded.',
  refunded: 'This checkout was paid and refunded.',
  expired: 'This checkout was cancelled.',
};

/** The local checkout of a licence: the tier, the beat and the amount, Pay and Cancel. No card, no money. */
export function renderLocalLicenceCheckout(view: LocalLicenceCheckoutView): string {
  const body = view.status === 'open'
    ? `<form method="post" action="${escape(view.payAction)}"><button type="submit" class="pay">Pay</button></form>
       <form method="post" action="${escape(view.cancelAction)}"><button type="submit" class="cancel">Cancel</button></form>`
    : `<p class="note">${escape(STATUS_NOTE[view.status] ?? 'This checkout is closed.')}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Licence checkout · ${escape(view.productName)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f0f1a; color: #f4f4fb; font: 16px/1.5 system-ui, sans-serif; }
  main { width: min(440px, 92vw); background: #1b1b2e; border: 1px solid #34345a; border-radius: 16px; padding: 32px; }
  h1 { margin: 0 0 4px; font-size: 1.4rem; }
  .badge { display: inline-block; font-size: .75rem; text-transform: uppercase; color: #fbd38d; border: 1px solid #fbd38d66; border-radius: 999px; padding: 2px 10px; margin-bottom: 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; } dt { color: #a5a5c8; } dd { margin: 0; text-align: right; }
  .amount { font-size: 1.6rem; font-weight: 700; } .actions { display: flex; gap: 12px; } form { flex: 1; margin: 0; }
  button { width: 100%; padding: 12px; border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid #6366f1; }
  .pay { background: #6366f1; color: #fff; } .cancel { background: transparent; color: #c7c7ea; border-color: #44446a; } .error { color: #fca5a5; }
</style>
</head>
<body>
<main>
  <h1>${escape(view.productName)} licence checkout</h1>
  <span class="badge">Local checkout · no card is charged</span>
  ${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ''}
  <dl>
    <dt>Licence</dt><dd data-testid="tier">${escape(view.tierTitle)}</dd>
    <dt>Beat</dt><dd data-testid="beat">${escape(view.beatTitle)}</dd>
    <dt>Amount</dt><dd class="amount" data-testid="amount">${(view.amountCents / 100).toFixed(2)} USD</dd>
  </dl>
  <div class="actions">${body}</div>
</main>
</body>
</html>`;
}
