import type { Server } from 'node:http';
import { GraphQLError, specifiedRules, validate, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { TokenVerifier, VerifiedToken } from '../auth/token-verifier';
import type { OperationLimits } from './limits';

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
}

/** Reads `authorization: "Bearer <token>"` (or `accessToken`) from the connection_init payload. */
export function bearerFromConnectionParams(params: Record<string, unknown> | undefined): string | null {
  const raw = params?.authorization ?? params?.Authorization ?? params?.accessToken;
  if (typeof raw !== 'string') return null;
  const match = /^Bearer\s+(.+)$/i.exec(raw.trim());
  return match ? match[1] : raw.includes('.') ? raw.trim() : null;
}

/** A check that failed in an unexpected way still answers as an error, never a dropped socket. */
const asGraphQLError = (error: unknown) =>
  error instanceof GraphQLError ? error : new GraphQLError('The operation could not be read.', { extensions: { code: 'BAD_USER_INPUT' } });

const expiredError = () =>
  new GraphQLError('Your session has expired. Please sign in again.', { extensions: { code: 'UNAUTHENTICATED' } });

/**
 * graphql-ws on the api's HTTP server at /graphql. A connection needs a valid access token in its
 * connection_init payload (checked like HTTP bearer tokens); every subscribe re-checks that it has
 * not expired and runs the same depth and cost limits as the HTTP path.
 */
export function startWebSocketServer({ httpServer, schema, verifier, contextFor, limits, formatError }: WebSocketDeps) {
  const format = (errors: readonly GraphQLError[]) => errors.map((error) => formatError(error.toJSON(), error));
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: 64 * 1024 });
  const disposable = useServer<Record<string, unknown>, { token: VerifiedToken }>(
    {
      schema,
      onConnect: async (ctx) => {
        const bearer = bearerFromConnectionParams(ctx.connectionParams);
        if (!bearer) return false;
        try {
          ctx.extra.token = await verifier.verify(bearer);
          return true;
        } catch {
          return false;
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        const token = ctx.extra.token;
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
  return {
    wsServer,
    /** Closes every socket and stops accepting new ones. */
    async dispose() {
      await disposable.dispose();
    },
  };
}
