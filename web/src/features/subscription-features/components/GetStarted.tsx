import type { PlanView } from '../../billing/use-plans';
import { useStartCreating } from '../../landing/hooks/use-start-creating';
import { FREE_LEVEL } from '../early-access';
import { formatTokens } from '../plan-display';

/**
 * The closing call to action: signs a visitor in, takes a signed-in user to the generator. The Free
 * allowance comes from the `plans` query; without it the sentence leaves the number out.
 */
export function GetStarted({ plans }: { readonly plans: readonly PlanView[] }) {
  const start = useStartCreating();
  const free = plans.find((plan) => plan.level === FREE_LEVEL);
  return (
    <section className="get-started" aria-labelledby="get-started-title">
      <h2 id="get-started-title" className="get-started__title">
        Ready to hear your idea?
      </h2>
      <p className="get-started__text">
        {free ? `Start free with ${formatTokens(free.tokensPerMonth)} tokens a month once you confirm your email.` : 'Start free.'} No credit card required, cancel
        anytime.
      </p>
      <button type="button" className="button button--primary button--large" onClick={start}>
        Get Started
      </button>
    </section>
  );
}
