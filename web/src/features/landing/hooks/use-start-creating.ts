import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../app/auth/SessionProvider';
import { paths } from '../../../app/router/paths';

/** The landing page's start action: a visitor signs in, a signed-in user goes straight to the generator. */
export function useStartCreating(): () => void {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    if (status === 'authenticated') void navigate(paths.home);
    else void signIn();
  }, [status, signIn, navigate]);
}
