import type { VerifiedToken } from '../platform/auth/token-verifier';
import type { User } from '../modules/accounts/user.entity';
import type { Services } from '../services';

/** What every resolver receives. A `type`, not an interface: graphql-ws needs it (TS2344). */
export type GraphQLContext = {
  readonly token: VerifiedToken | null;
  /** Resolved lazily and memoised: most public queries never need the user row. */
  readonly currentUser: () => Promise<User | null>;
  readonly services: Services;
  /** The network the request came from (platform/rate-limit/network-key.ts), for per-network limits; null over WebSocket. */
  readonly network: string | null;
};

/** Builds the context for one operation from an already verified token (or none). */
export function createContext(services: Services, token: VerifiedToken | null, network: string | null = null): GraphQLContext {
  let user: Promise<User | null> | undefined;
  return {
    token,
    services,
    network,
    currentUser: () => (user ??= token ? services.resolveUser(token) : Promise.resolve(null)),
  };
}
