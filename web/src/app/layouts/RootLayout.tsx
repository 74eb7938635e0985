import { Outlet } from 'react-router-dom';
import { Banner } from '../../ui/banner/Banner';
import { LoadingOverlay } from '../../ui/loading-overlay/LoadingOverlay';
import { AppApolloProvider } from '../apollo/AppApolloProvider';
import { SessionProvider, useSession } from '../auth/SessionProvider';
import { usePostLoginRefresh } from '../auth/use-post-login-refresh';
import { useSendUserDataOnce } from '../auth/use-send-user-data-once';
import './RootLayout.css';

/** Holds every page back while the session is being settled, and shows sign-in failures anywhere. */
function SessionGate() {
  const { status, loginError, clearLoginError } = useSession();
  const refreshing = usePostLoginRefresh();
  useSendUserDataOnce();

  if (status === 'loading' || refreshing) return <LoadingOverlay />;
  return (
    <>
      {loginError && (
        <div className="root-layout__notice">
          <Banner tone="error" onDismiss={clearLoginError}>
            {loginError}
          </Banner>
        </div>
      )}
      <Outlet />
    </>
  );
}

/** The root route: the session and GraphQL providers need the router (to navigate), so they live here. */
export function RootLayout() {
  return (
    <SessionProvider>
      <AppApolloProvider>
        <SessionGate />
      </AppApolloProvider>
    </SessionProvider>
  );
}
