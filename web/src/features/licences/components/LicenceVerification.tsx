import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { LicenceVerificationDocument } from '../../../generated/graphql';
import { LicenceVerificationCard } from './LicenceVerificationCard';
import './LicenceVerification.css';

export const VERIFY_NOT_FOUND = 'No licence with this ID exists. Check the address printed on the licence document.';
export const VERIFY_FAILED = 'The licence could not be checked. Please try again.';

/**
 * /licenses/verify/:id (issue 17), public: whether the licence is valid, refunded or superseded,
 * with its tier, date, beat, producers and a masked buyer name; nothing else about the buyer.
 */
export function LicenceVerification() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch } = useQuery(LicenceVerificationDocument, { variables: { id }, fetchPolicy: 'network-only' });
  const failure = graphQLFailure(error);

  return (
    <section className="licence-verification" aria-labelledby="licence-verification-title">
      <header>
        <p className="licence-verification__eyebrow">Licence verification</p>
        <h1 id="licence-verification-title" className="licence-verification__title">
          Is this licence valid?
        </h1>
        <p className="licence-verification__lead">Anyone holding a licence document can check it here against our records.</p>
      </header>
      {data && <LicenceVerificationCard licence={data.licenceVerification} />}
      {!data && loading && (
        <p className="licence-verification__state" role="status">
          Checking the licence...
        </p>
      )}
      {!data && error && (
        <div className="licence-verification__state" role="alert">
          {failure?.code === 'NOT_FOUND' || failure?.code === 'BAD_USER_INPUT' ? (
            <p>{VERIFY_NOT_FOUND}</p>
          ) : (
            <>
              <p>{VERIFY_FAILED}</p>
              <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
                Try again
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
