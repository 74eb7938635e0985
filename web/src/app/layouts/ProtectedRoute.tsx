import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../auth/SessionProvider';
import { LOGOUT_LANDING, paths } from '../router/paths';

/**
 * Requirements §L2: signed-out visitors of a protected route go to /welcome. A session that ends while the
 * visitor is here (logout, expiry) lands where logout does, /welcome?from=logout: this redirect
 * renders before the logout's own navigation (the router's updates are transitions), so both must
 * name the same place.
 */
export function ProtectedRoute() {
  const { status } = useSession();
  // The root layout shows the loading overlay until the session is settled; this never sees 'loading',
  // and it is first rendered signed in only for a visitor who was signed in on arrival.
  const [signedInOnArrival] = useState(status === 'authenticated');
  if (status !== 'authenticated') return <Navigate to={signedInOnArrival ? LOGOUT_LANDING : paths.welcome} replace />;
  return <Outlet />;
}
