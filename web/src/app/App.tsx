import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppAuthProvider } from './auth/AppAuthProvider';
import { RuntimeConfigProvider } from './config/RuntimeConfigProvider';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Boot order: the api's client configuration, then the identity provider built from it, then the
 * router, whose root route holds the session and GraphQL providers.
 */
export function App({ apiUrl, router }: { readonly apiUrl: string; readonly router: AppRouter }) {
  return (
    <RuntimeConfigProvider apiUrl={apiUrl}>
      <AppAuthProvider>
        <RouterProvider router={router} />
      </AppAuthProvider>
    </RuntimeConfigProvider>
  );
}
