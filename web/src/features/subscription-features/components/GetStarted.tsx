import { useStartCreating } from '../../landing/hooks/use-start-creating';

/** The closing call to action: signs a visitor in, takes a signed-in user to the generator. */
export function GetStarted() {
  const start = useStartCreating();
  return (
    <section className="get-started" aria-labelledby="get-started-title">
      <h2 id="get-started-title" className="get-started__title">
        Ready to hear your idea?
      </h2>
      <p className="get-started__text">Start free with 25 tokens a month. No credit card required, cancel anytime.</p>
      <button type="button" className="button button--primary button--large" onClick={start}>
        Get Started
      </button>
    </section>
  );
}
