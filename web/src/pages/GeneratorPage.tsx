import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../app/auth/SessionProvider';
import { paths } from '../app/router/paths';
import { useUnauthenticatedAlert } from '../features/account/hooks/use-unauthenticated-alert';
import { GeneratorScreen } from '../features/generator/components/GeneratorScreen';
import { beatActionOf } from '../features/beats/open-beat-state';

/** / : the beat generator, open to visitors (who are asked to log in when they generate). */
export function GeneratorPage() {
  const { status, signIn } = useSession();
  const onUnauthenticated = useUnauthenticatedAlert();
  const location = useLocation();
  const navigate = useNavigate();
  const beatAction = beatActionOf(location.state);
  // Once started, a regenerate (which spends a token) must not run again on a reload of the page.
  // Depends on the kind only, so the callback keeps its identity while the action's object is rebuilt.
  const isRegenerate = beatAction?.kind === 'regenerate';
  const dropBeatAction = useCallback(() => {
    if (isRegenerate) void navigate(paths.home, { replace: true, state: null });
  }, [isRegenerate, navigate]);
  return (
    <GeneratorScreen
      signedIn={status === 'authenticated'}
      onSignIn={() => void signIn()}
      onUnauthenticated={onUnauthenticated}
      beatAction={beatAction}
      onBeatActionStarted={dropBeatAction}
    />
  );
}
