import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { openBeatState } from '../../beats/open-beat-state';
import { isProfileComplete, type BuyerProfile } from '../profile-complete';

interface BackToLicenceProps {
  readonly beatId: string;
  readonly profile: BuyerProfile;
}

/**
 * On My Account, for a buyer sent here by the player's incomplete-profile message: what is missing,
 * then the way back to the beat, where Purchase Rights opens again.
 */
export function BackToLicence({ beatId, profile }: BackToLicenceProps) {
  const complete = isProfileComplete(profile);
  return (
    <section className="account-card back-to-licence" aria-label="Licensing your beat">
      {complete ? (
        <>
          <p className="account-card__text">Your profile is complete: your licence will name you as it does.</p>
          <Link className="button button--primary" to={paths.home} state={openBeatState(beatId, { getLicense: true })}>
            Back to your beat
          </Link>
        </>
      ) : (
        <p className="account-card__text">
          A licence names its buyer: add your first name, last name and country below, save, then go back to your beat.
        </p>
      )}
    </section>
  );
}
