import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Accordion, type AccordionItem } from '../../../ui/accordion/Accordion';
import type { PlanView } from '../../billing/use-plans';
import { claimHolds } from '../../claims/claims';
import { EARLY_ACCESS_ENDS, EARLY_ACCESS_LEVEL, ENTERPRISE_LEVEL, FREE_LEVEL, REGULAR_PREMIUM_LEVEL } from '../early-access';
import { formatDiscount, formatPriceInText, formatTokens } from '../plan-display';

/** The questions; an answer quoting a plan's price or tokens is left out until the plans are loaded. */
function faqItems(plans: readonly PlanView[]): AccordionItem[] {
  const plan = (level: number) => plans.find((p) => p.level === level);
  const free = plan(FREE_LEVEL);
  const earlyAccess = plan(EARLY_ACCESS_LEVEL);
  const premium = plan(REGULAR_PREMIUM_LEVEL);
  const enterprise = plan(ENTERPRISE_LEVEL);
  const items: (AccordionItem | false | undefined)[] = [
    {
      id: 'tokens',
      title: 'What is a token?',
      content: (
        <p>
          A token is one generation. Making a beat from a prompt, regenerating it or extending it to a full beat each uses one
          token. Editing the sections of a beat you already made is free.
        </p>
      ),
    },
    {
      id: 'refresh',
      title: 'When do my tokens refresh?',
      content: <p>Tokens refresh each billing cycle, to your plan&apos;s full monthly allowance. Unused tokens do not carry over.</p>,
    },
    earlyAccess && premium && {
      id: 'early-access',
      title: 'How long is the Early Access price available?',
      content: (
        <p>
          {earlyAccess.name} is a limited-time offer: sign up before {EARLY_ACCESS_ENDS} and you pay{' '}
          {formatPriceInText(earlyAccess.priceCents)} a month instead of {formatPriceInText(premium.priceCents)},{' '}
          {formatDiscount(earlyAccess.priceCents, premium.priceCents)} off, for your first year as an early adopter.
        </p>
      ),
    },
    {
      id: 'change',
      title: 'Can I change or cancel my plan?',
      content: (
        <p>
          Yes, at any time. A plan you buy starts at once, with its own billing cycle and its full token allowance; the plan it
          replaces stops renewing. You can cancel anytime from My Account: your account moves to Free, and the paid period is
          not charged again.
          {claimHolds('moneyBack') &&
            ' 30-day money-back guarantee: ask for a refund on My Account within 30 days of a payment and we refund it in full; the plan then stops renewing.'}
        </p>
      ),
    },
    free && {
      id: 'free',
      title: 'Do I need a credit card for the Free plan?',
      content: (
        <p>
          No credit card required. The Free plan gives you {formatTokens(free.tokensPerMonth)} tokens a month to generate beats
          and listen to them, from the day you confirm your email address.
        </p>
      ),
    },
    {
      id: 'editing',
      title: 'Which plans include full beats and editing?',
      content: (
        <p>
          Early Access Premium, Premium and Enterprise add full beats and beat editing
          {claimHolds('licencePurchase') ? ', and selling' : ' (selling your beats is coming soon)'}. Premium and Enterprise add
          priority support. See <Link to={paths.beatEditing}>How Beat Editing Works</Link>.
        </p>
      ),
    },
    enterprise && {
      id: 'enterprise',
      title: 'Who needs Enterprise?',
      content: (
        <p>
          Record labels, publishers and businesses need Enterprise. It includes {formatTokens(enterprise.tokensPerMonth)} tokens a
          month, instant support and feature requests
          {enterprise.features.some((f) => f.id === 'auditing' && f.available)
            ? ', and copyright and publishing auditing'
            : '; copyright and publishing auditing is coming soon'}
          .
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Can I release the beats I make?',
      content: claimHolds('licencePurchase') ? (
        <p>
          Every beat can be downloaded for personal listening. To release it, buy a licence from its player; the options are
          explained in <Link to={paths.rightsUsage}>Rights and Usage</Link>.
        </p>
      ) : (
        <p>
          Not yet: today every beat can be downloaded for personal listening only. Licences to release a beat are coming soon;
          the options are explained in <Link to={paths.rightsUsage}>Rights and Usage</Link>.
        </p>
      ),
    },
  ];
  return items.filter((item): item is AccordionItem => Boolean(item));
}

/** The FAQ accordion of /subscription-features, quoting the plans of the `plans` query. */
export function PlansFaq({ plans }: { readonly plans: readonly PlanView[] }) {
  return <Accordion items={faqItems(plans)} />;
}
