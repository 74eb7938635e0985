import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Accordion } from '../../../ui/accordion/Accordion';
import { EARLY_ACCESS_ENDS } from '../early-access';

const FAQ = [
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
  {
    id: 'early-access',
    title: 'How long is the Early Access price available?',
    content: (
      <p>
        Early Access Premium is a limited-time offer: sign up before {EARLY_ACCESS_ENDS} and you pay $7.50 a month instead of
        $20, 62.5% off, for your first year as an early adopter.
      </p>
    ),
  },
  {
    id: 'change',
    title: 'Can I change or cancel my plan?',
    content: (
      <p>
        Yes, at any time. Plan changes take effect from your next billing cycle, and you can cancel anytime from My Account.
        New subscribers are covered by a 30-day money-back guarantee.
      </p>
    ),
  },
  {
    id: 'free',
    title: 'Do I need a credit card for the Free plan?',
    content: <p>No credit card required. The Free plan gives you 25 tokens a month to generate beats and listen to them.</p>,
  },
  {
    id: 'editing',
    title: 'Which plans include full beats and editing?',
    content: (
      <p>
        Early Access Premium, Premium and Enterprise add full beats, beat editing and selling. Premium and Enterprise add
        priority support. See <Link to={paths.beatEditing}>How Beat Editing Works</Link>.
      </p>
    ),
  },
  {
    id: 'enterprise',
    title: 'Who needs Enterprise?',
    content: (
      <p>
        Record labels, publishers and businesses need Enterprise. It includes 1,000 tokens a month, instant support, feature
        requests and copyright and publishing auditing.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Can I release the beats I make?',
    content: (
      <p>
        Every beat can be downloaded for personal listening. To release it, buy a licence from its player; the options are
        explained in <Link to={paths.rightsUsage}>Rights and Usage</Link>.
      </p>
    ),
  },
];

/** The FAQ accordion of /subscription-features. */
export function PlansFaq() {
  return <Accordion items={FAQ} />;
}
