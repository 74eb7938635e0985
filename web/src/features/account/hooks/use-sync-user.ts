import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { SyncUserDocument } from '../../../generated/graphql';

/** Sends the email and username the identity provider showed (requirements §L7 "Send user data"). */
export function useSyncUser() {
  const [mutate, state] = useMutation(SyncUserDocument);
  const syncUser = useCallback((email: string, username: string) => mutate({ variables: { email, username } }), [mutate]);
  return [syncUser, state] as const;
}
