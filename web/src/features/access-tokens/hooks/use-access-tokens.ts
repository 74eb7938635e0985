import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { AccessTokensDocument, CreateAccessTokenDocument, ExtendAccessTokenDocument, RevokeAccessTokenDocument, type CreateAccessTokenInput } from '../../../generated/graphql';

/** The signed-in user's access tokens and the scopes a token may hold. */
export function useAccessTokens() {
  return useQuery(AccessTokensDocument, { fetchPolicy: 'network-only' });
}

/** Creates a token; the answer carries its secret, which the caller shows once and forgets. */
export function useCreateAccessToken() {
  const [mutate, state] = useMutation(CreateAccessTokenDocument, { refetchQueries: [AccessTokensDocument] });
  const create = useCallback(async (input: CreateAccessTokenInput) => (await mutate({ variables: { input } })).data?.createAccessToken ?? null, [mutate]);
  return [create, state] as const;
}

/** Revokes one of the user's tokens; the list is asked again. */
export function useRevokeAccessToken() {
  const [mutate, state] = useMutation(RevokeAccessTokenDocument, { refetchQueries: [AccessTokensDocument] });
  const revoke = useCallback(async (id: string) => void (await mutate({ variables: { id } })), [mutate]);
  return [revoke, state] as const;
}

/** Gives one of the user's tokens a new expiry, counted from now; the list (and its activity) is asked again. */
export function useExtendAccessToken() {
  const [mutate, state] = useMutation(ExtendAccessTokenDocument, { refetchQueries: [AccessTokensDocument] });
  const extend = useCallback(async (id: string, expiresInDays: number) => (await mutate({ variables: { id, input: { expiresInDays } } })).data?.extendAccessToken ?? null, [mutate]);
  return [extend, state] as const;
}
