import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  ApproveRefundRequestDocument,
  DeclineRefundRequestDocument,
  MoneyBackPaymentsDocument,
  ReplyToSupportMessageDocument,
  RequestRefundDocument,
  SendSupportMessageDocument,
  SetSupportMessageStatusDocument,
  SupportInboxDocument,
  type SendSupportMessageInput,
  type SupportMessageStatus,
} from '../../../generated/graphql';

/** Sends a message from /contact; answers the receipt (its reference and what to tell the sender). */
export function useSendSupportMessage() {
  const [mutate, state] = useMutation(SendSupportMessageDocument);
  const send = useCallback(async (input: SendSupportMessageInput) => (await mutate({ variables: { input } })).data?.sendSupportMessage ?? null, [mutate]);
  return [send, state] as const;
}

/** My Account: the user's recent subscription payments and the money-back guarantee's state of each. */
export function useMoneyBackPayments() {
  return useQuery(MoneyBackPaymentsDocument, { fetchPolicy: 'network-only' });
}

/** Asks for a refund of one payment; the payments are asked again so the status shows. */
export function useRequestRefund() {
  const [mutate, state] = useMutation(RequestRefundDocument, { refetchQueries: [MoneyBackPaymentsDocument], awaitRefetchQueries: true });
  const request = useCallback(async (paymentId: string, reason: string) => {
    await mutate({ variables: { input: { paymentId, reason: reason.trim() || null } } });
  }, [mutate]);
  return [request, state] as const;
}

/** The admin Inbox: one status (or all), one page. */
export function useSupportInbox(status: SupportMessageStatus | null, page: number) {
  return useQuery(SupportInboxDocument, { variables: { status, page }, fetchPolicy: 'network-only' });
}

/**
 * The Inbox's actions. Each answers the message as it now stands (the cache updates it in place),
 * then the Inbox is asked again: a message may leave the filtered list and the counts change.
 */
export function useInboxActions() {
  const options = { refetchQueries: [SupportInboxDocument], awaitRefetchQueries: true };
  const [replyMutation, replying] = useMutation(ReplyToSupportMessageDocument, options);
  const [statusMutation, settingStatus] = useMutation(SetSupportMessageStatusDocument, options);
  const [approveMutation, approving] = useMutation(ApproveRefundRequestDocument, options);
  const [declineMutation, declining] = useMutation(DeclineRefundRequestDocument, options);
  return {
    reply: useCallback(async (messageId: string, text: string, close: boolean) => void (await replyMutation({ variables: { input: { messageId, text, close } } })), [replyMutation]),
    setStatus: useCallback(async (messageId: string, status: SupportMessageStatus) => void (await statusMutation({ variables: { messageId, status } })), [statusMutation]),
    approve: useCallback(async (requestId: string) => void (await approveMutation({ variables: { requestId } })), [approveMutation]),
    decline: useCallback(async (requestId: string, reason: string) => void (await declineMutation({ variables: { requestId, reason } })), [declineMutation]),
    busy: replying.loading || settingStatus.loading || approving.loading || declining.loading,
  };
}
