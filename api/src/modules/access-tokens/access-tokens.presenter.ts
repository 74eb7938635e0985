import { API_SCOPES, API_SCOPE_DESCRIPTIONS, PRODUCER_SCOPES } from '../../platform/auth/api-scopes';
import type { AccessToken } from './access-token.entity';
import type { AccessTokenEventType, AccessTokenScopeType, AccessTokenType } from './outputs/access-token.type';
import type { AuditEventView } from '../audit';

/** A token as GraphQL and REST list it: never its secret or its hash. */
export const presentAccessToken = (token: AccessToken, now = new Date()): AccessTokenType => ({
  id: token.id,
  name: token.name,
  hint: token.hint,
  scopes: [...token.scopes],
  createdAt: token.createdAt,
  expiresAt: token.expiresAt ?? null,
  expired: Boolean(token.expiresAt && token.expiresAt <= now),
  lastUsedAt: token.lastUsedAt ?? null,
  useCount: Number(token.useCount),
  revokedAt: token.revokedAt ?? null,
});

export const presentScopes = (): AccessTokenScopeType[] =>
  API_SCOPES.map((name) => ({ name, description: API_SCOPE_DESCRIPTIONS[name], producersOnly: PRODUCER_SCOPES.includes(name) }));

/** An audit entry about a token, as the access tokens page lists it. */
export const presentAccessTokenEvent = (event: AuditEventView): AccessTokenEventType => {
  const details = event.details ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const expiresAt = text(details.expiresAt);
  return {
    id: event.id,
    action: event.action.replace(/^access_token\./, ''),
    tokenId: event.targetId,
    tokenName: text(details.name),
    expiresAt: expiresAt ? new Date(expiresAt) : null,
    createdAt: event.createdAt,
  };
};
