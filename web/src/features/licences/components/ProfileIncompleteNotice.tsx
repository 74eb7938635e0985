import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Banner } from '../../../ui/banner/Banner';
import { completeProfileState } from '../complete-profile-state';
import { LICENCE_MESSAGES } from '../licence-messages';

interface ProfileIncompleteNoticeProps {
  readonly beatId: string;
  readonly onDismiss: () => void;
}

/**
 * Requirements §L2, §8: the player's incomplete-profile message, with the way to complete it. It stays
 * until dismissed: it asks for an action, which a banner fading after 2 s would take away.
 */
export function ProfileIncompleteNotice({ beatId, onDismiss }: ProfileIncompleteNoticeProps) {
  return (
    <Banner tone="error" onDismiss={onDismiss}>
      {LICENCE_MESSAGES.profileIncomplete}{' '}
      <Link to={paths.accountProfile} state={completeProfileState(beatId)}>
        {LICENCE_MESSAGES.completeProfile}
      </Link>
    </Banner>
  );
}
