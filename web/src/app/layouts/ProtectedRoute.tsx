import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../auth/SessionProvider';
import { paths } from '../router/paths';

/** Spec 1 §2: signed-out visitors of a protected route go to /welcome. */
export function ProtectedRoute() {
  const { status } = useSession();
  // The root layout shows the loading overlay until the session is settled; this never sees 'loading'.
  if (status !== 'authenticated') return <Navigate to={paths.welcome} replace />;
  return <Outlet />;
}
