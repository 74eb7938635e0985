import { useLocation } from 'react-router-dom';
import { useSession } from '../app/auth/SessionProvider';
import { useUnauthenticatedAlert } from '../features/account/hooks/use-unauthenticated-alert';
import { GeneratorScreen } from '../features/generator/components/GeneratorScreen';
import { openBeatIdOf } from '../features/beats/open-beat-state';

/** / : the beat generator, open to visitors (who are asked to log in when they generate). */
export function GeneratorPage() {
  const { status, signIn } = useSession();
  const onUnauthenticated = useUnauthenticatedAlert();
  const location = useLocation();
  return (
    <GeneratorScreen
      signedIn={status === 'authenticated'}
      onSignIn={() => void signIn()}
      onUnauthenticated={onUnauthenticated}
      openBeatId={openBeatIdOf(location.state)}
    />
  );
}
