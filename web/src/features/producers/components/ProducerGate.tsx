import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { UploadPlanGateDocument } from '../../../generated/graphql';
import { useMyProducer } from '../hooks/use-my-producer';
import { NotAProducer } from './NotAProducer';
import './Producers.css';

/**
 * Upload pages are for producers on a plan that includes uploads that earn (the plan table:
 * "uploading stems to earn money", Premium and up). A signed-in user who is not a producer is told
 * so and pointed to /choice; a producer below that plan is told what uploading needs, in the api's
 * own words (Query.planGates), and where to upgrade. While the checks run, or if they fail, the
 * form shows (the api refuses such uploads anyway, and the page shows that refusal).
 */
export function ProducerGate({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const { data } = useMyProducer();
  const { data: plan } = useQuery(UploadPlanGateDocument);
  if (data && data.myProducer === null) return <NotAProducer title={title} headingLevel={2} />;
  const gate = plan?.planGates.find((g) => g.id === 'uploadStems');
  if (plan && gate && plan.me.subscriptionLevel < gate.minLevel) {
    return (
      <section className="producer-card not-producer" aria-labelledby="upload-plan-title">
        <h2 id="upload-plan-title" className="not-producer__title">
          Uploads need {gate.planName}
        </h2>
        <p className="not-producer__text">
          {gate.message} Your prices, terms and payout account are kept; upgrade and this page takes your uploads.
        </p>
        <Link className="button button--primary" to={paths.subscriptions}>
          See Plans
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}
