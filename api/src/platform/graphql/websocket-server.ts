import type { Server } from 'node:http';
import { GraphQLError, specifiedRules, validate, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import type { Context } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import type { TokenVerifier, VerifiedToken } from '../auth/token-verifier';
import { looksLikeAccessToken } from '../auth/access-token-port';
import { DomainError } from '../errors';
import type { OperationLimits } from './limits';
import { checkOperationTokenScopes } from './token-scope';
import type { RevocationCheck, RevokedCredential } from '../auth/credential-revocations';

interface WebSocketDeps {
  readonly httpServer: Server;
  readonly schema: GraphQLSchema;
  readonly verifier: TokenVerifier;
  /** The context of one operation, from its connection's verified token (built by the app). */
  readonly contextFor: (token: VerifiedToken) => unknown;
  readonly limits: OperationLimits;
  /**
   * The HTTP path's error formatter (format-error.ts): a domain error keeps its message and gets
   * its `extensions.code`, anything unexpected is logged and masked, on this transport as on HTTP.
   */
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** Revoked sign-ins and personal access tokens, heard from every instance: their sockets are closed at once. */
  readonly revocations?: RevocationCheck;
}

/** What a connection keeps: its verified token, and a personal access token's secret to check again. */
type ConnectionExtra = { token: VerifiedToken; accessToken?: string };

/** graphql-ws's Forbidden: the socket's credential was revoked (signed out, or the access token revoked). */
export const REVOKED_CLOSE_CODE = 4403;
export const REVOKED_CLOSE_REASON = 'Forbidden: the credential was revoked';

/** Whether a connection's verified token is the revoked credential. */
export function isRevokedBy(token: VerifiedToken | undefined, credential: RevokedCredential): boolean {
  if (!token) return false;
  return credential.kind === 'grant' ? token.grantId === credential.grantId : token.delegation?.tokenId === credential.tokenId;
}

/** Reads `authorization: "Bearer <token>"` (or `accessToken`) from the connection_init payload. */
export function bearerFromConnectionParams(params: Record<string, unknown> | undefined): string | null {
  const raw = params?.authorization ?? params?.Authorization ?? params?.accessToken;
  if (typeof raw !== 'string') return null;
  const match = /^Bearer\s+(.+)$/i.exec(raw.trim());
  if (match) return match[1];
  return raw.includes('.') || looksLikeAccessToken(raw.trim()) ? raw.trim() : null;
}

/** A check that failed in an unexpected way still answers as an error, never a dropped socket. */
const asGraphQLError = (error: unknown) => {
  if (error instanceof GraphQLError) return error;
  if (error instanceof DomainError) return new GraphQLError(error.message, { extensions: { code: error.code, ...(error.details ?? {}) } });
  return new GraphQLError('The operation could not be read.', { extensions: { code: 'BAD_USER_INPUT' } });
};

const restartingError = () =>
  new GraphQLError('This server is restarting. Please subscribe again.', { extensions: { code: 'SERVICE_UNAVAILABLE' } });

const expiredError = () =>
  new GraphQLError('Your session has expired. Please sign in again.', { extensions: { code: 'UNAUTHENTICATED' } });

/**
 * graphql-ws on the api's HTTP server at /graphql. A connection needs a valid access token in its
 * connection_init payload (checked like HTTP bearer tokens); every subscribe re-checks that it has
 * not expired and runs the same depth and cost limits as the HTTP path.
 */
export function startWebSocketServer({ httpServer, schema, verifier, contextFor, limits, formatError, revocations }: WebSocketDeps) {
  const format = (errors: readonly GraphQLError[]) => errors.map((error) => formatError(error.toJSON(), error));
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: 64 * 1024 });
  /** Open connections, for the drain to see which still run a subscription. */
  const connections = new Set<Context<Record<string, unknown>, Extra & Partial<ConnectionExtra>>>();
  let draining = false;
  // A revoked credential's sockets close now, with every subscription they carry.
  const stopListening = revocations?.onRevoked((credential) => {
    for (const ctx of connections) {
      if (isRevokedBy(ctx.extra.token, credential)) ctx.extra.socket.close(REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON);
    }
  });
  const disposable = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema,
      onClose: (ctx) => void connections.delete(ctx),
      onConnect: async (ctx) => {
        connections.add(ctx);
        const bearer = bearerFromConnectionParams(ctx.connectionParams);
        if (!bearer) return false;
        try {
          const token = await verifier.verify(bearer);
          // Revoked while it was being verified: refused like any revoked credential.
          if (token.grantId && revocations?.isGrantRevoked(token.grantId)) return false;
          ctx.extra.token = token;
          // A personal access token is checked again at every operation: revoked, it stops at the next one.
          if (looksLikeAccessToken(bearer)) ctx.extra.accessToken = bearer;
          return true;
        } catch {
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        if (draining) return [restartingError()];
        let token = ctx.extra.token;
        if (ctx.extra.accessToken) {
          try {
            token = await verifier.verify(ctx.extra.accessToken);
          } catch (error) {
            return [asGraphQLError(error)];
          }
        }
        if (!token || token.exp * 1000 <= Date.now()) return [expiredError()];
        // The same checks, in the same order, as the HTTP path (graphqlInputGuard, then Apollo).
        let document;
        try {
          document = limits.checkOperation(payload);
        } catch (error) {
          return [asGraphQLError(error)];
        }
        const errors = validate(schema, document, specifiedRules);
        if (errors.length) return errors;
        try {
          limits.checkCost(document, payload.variables ?? undefined, payload.operationName);
          checkOperationTokenScopes(schema, document, payload.operationName, payload.variables, token.delegation);
        } catch (error) {
          return [asGraphQLError(error)];
        }
        return {
          schema,
          document,
          variableValues: payload.variables,
          operationName: payload.operationName,
          contextValue: contextFor(token),
        };
      },
      // Without these, graphql-ws sends a resolver's error as it is: no code, and an unexpected
      // error's own message (SQL, a stack's words) instead of the masked one.
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(result.errors) } : undefined),
      onError: (_ctx, _id, _payload, errors) => format(errors),
    },
    wsServer,
  );
  const running = () => [...connections].reduce((n, ctx) => n + Object.keys(ctx.subscriptions).length, 0);
  return {
    wsServer,
    /**
     * Stops taking subscriptions and waits (up to `graceMs`) until the running ones end by
     * themselves (a job's progress ends with the job), then closes every socket (1001, going away).
     */
    async drain(graceMs: number) {
      draining = true;
      stopListening?.();
      const deadline = Date.now() + graceMs;
      while (running() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      await disposable.dispose();
    },
    /** Closes every socket and stops accepting new ones. */
    async dispose() {
      draining = true;
      stopListening?.();
      await disposable.dispose();
    },
  };
}
