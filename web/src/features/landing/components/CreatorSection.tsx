import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { ComingSoon } from '../../../ui/coming-soon/ComingSoon';
import { claimHolds } from '../../claims/claims';

/** The creator programme pitch (requirements §L2, requirements §P1); the earnings claim waits for licences and payouts. */
export function CreatorSection() {
  const earning = claimHolds('producerEarnings');
  const points = [
    {
      figure: '90%',
      text: earning
        ? 'of licensing fees are yours, after processing fees, in proportion to what your loops play.'
        : 'of licensing fees will be yours, after processing fees, in proportion to what your loops play.',
      soon: !earning,
    },
    { figure: '100%', text: 'ownership of your sounds stays with you.', soon: false },
    { figure: '24/7', text: 'your catalogue works for you: every beat that uses your loops credits you by name.', soon: false },
  ];
  return (
    <section className="landing-section landing-creators" aria-labelledby="creators-title">
      <div className="landing-creators__copy">
        <p className="landing-section__eyebrow">For producers</p>
        <h2 id="creators-title" className="landing-section__title">
          Your loops, in thousands of beats
        </h2>
        <p className="landing-section__text">
          Upload drum loops and melody stems with their tags; every beat that uses them credits you.{' '}
          {earning ? (
            'When an artist licenses a beat that uses them, you get paid through your connected payout account.'
          ) : (
            <>
              Licensing and payouts are coming soon: then, when an artist licenses a beat that uses your loops, you will be paid
              through your connected payout account.
            </>
          )}
        </p>
        <div className="landing-section__actions landing-section__actions--start">
          <Link className="button button--primary" to={paths.choice}>
            Join Creator Program
          </Link>
          <Link className="button button--ghost" to={paths.dataSet}>
            See which genres need sounds
          </Link>
        </div>
      </div>
      <ul className="landing-creators__points">
        {points.map((point) => (
          <li key={point.figure}>
            <strong>{point.figure}</strong>
            <span>
              {point.text}
              {point.soon && <ComingSoon />}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
