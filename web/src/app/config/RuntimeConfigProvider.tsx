import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { LoadingOverlay } from '../../ui/loading-overlay/LoadingOverlay';
import { ServiceUnavailable } from './ServiceUnavailable';
import { fetchClientConfig, type RuntimeConfig } from './client-config';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigProvider');
  return config;
}

/** A configuration known up front (component tests render screens without booting the app). */
export function StaticRuntimeConfig({ config, children }: { readonly config: RuntimeConfig; readonly children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

type LoadState = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly config: RuntimeConfig };

/** Loads GET /client-config once at boot; nothing below renders without it. */
export function RuntimeConfigProvider({ apiUrl, children }: { readonly apiUrl: string; readonly children: ReactNode }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchClientConfig(apiUrl, controller.signal).then(
      (config) => {
        document.title = config.productName;
        setState({ status: 'ready', config });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the client configuration.', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [apiUrl, attempt]);

  if (state.status === 'loading') return <LoadingOverlay />;
  if (state.status === 'failed') {
    return (
      <ServiceUnavailable
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <RuntimeConfigContext.Provider value={state.config}>{children}</RuntimeConfigContext.Provider>;
}
