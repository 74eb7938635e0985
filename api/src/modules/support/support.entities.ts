import { RefundRequest } from './refund-request.entity';
import { SupportMessage } from './support-message.entity';
import { SupportReply } from './support-reply.entity';

/** The support module's tables. */
export const supportEntities = [SupportMessage, SupportReply, RefundRequest];
