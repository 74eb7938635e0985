import { escapeHtml as escape } from '../../platform/http/escape-html';
import { formatDollars } from './pricing';

const STYLE = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f0f1a; color: #f4f4fb; font: 16px/1.5 system-ui, sans-serif; }
  main { width: min(460px, 92vw); background: #1b1b2e; border: 1px solid #34345a; border-radius: 16px; padding: 32px; box-shadow: 0 12px 40px #0008; }
  h1 { margin: 0 0 4px; font-size: 1.4rem; }
  .badge { display: inline-block; font-size: .75rem; letter-spacing: .04em; text-transform: uppercase; color: #fbd38d; border: 1px solid #fbd38d66; border-radius: 999px; padding: 2px 10px; margin-bottom: 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #a5a5c8; } dd { margin: 0; text-align: right; }
  .amount { font-size: 1.6rem; font-weight: 700; }
  button, a.button { display: block; box-sizing: border-box; width: 100%; padding: 12px; border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid #5558e8; background: #5558e8; color: #fff; text-align: center; text-decoration: none; }
  p { margin: 0 0 16px; color: #c7c7ea; }
`;

const page = (title: string, productName: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${escape(productName)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;

export interface LocalOnboardingView {
  readonly productName: string;
  readonly producerName: string;
  readonly email: string;
  readonly complete: boolean;
  readonly finishAction: string;
  readonly returnUrl: string;
}

/** The local payout onboarding: the producer's details and Finish (no bank details, no money). */
export function renderLocalOnboarding(view: LocalOnboardingView): string {
  const action = view.complete
    ? `<p>This payout account is already set up.</p><a class="button" href="${escape(view.returnUrl)}">Back to ${escape(view.productName)}</a>`
    : `<form method="post" action="${escape(view.finishAction)}"><button type="submit">Finish onboarding</button></form>`;
  return page('Payout account', view.productName, `
  <h1>${escape(view.productName)} payout account</h1>
  <span class="badge">Local payout account · no money moves</span>
  <p>Without Stripe, earnings are kept on this local account's balance.</p>
  <dl>
    <dt>Producer</dt><dd data-testid="producer">${escape(view.producerName)}</dd>
    <dt>Email</dt><dd>${escape(view.email)}</dd>
  </dl>
  ${action}`);
}

export interface LocalDashboardView {
  readonly productName: string;
  readonly producerName: string;
  readonly balanceCents: number;
  readonly payoutsEnabled: boolean;
  readonly returnUrl: string;
}

/** The local stand-in of the Express dashboard: the account's balance. */
export function renderLocalDashboard(view: LocalDashboardView): string {
  return page('Payout dashboard', view.productName, `
  <h1>${escape(view.producerName)}</h1>
  <span class="badge">Local payout dashboard · no money moves</span>
  <dl>
    <dt>Balance</dt><dd class="amount" data-testid="balance">${escape(formatDollars(view.balanceCents))}</dd>
    <dt>Payouts</dt><dd>${view.payoutsEnabled ? 'Enabled' : 'Onboarding not finished'}</dd>
  </dl>
  <a class="button" href="${escape(view.returnUrl)}">Back to ${escape(view.productName)}</a>`);
}
