import { AppSecret } from './platform/db/app-secret.entity';
import { OutboxMail } from './platform/mail/outbox-mail.entity';
import { CredentialRevocation } from './platform/auth/credential-revocation.entity';
import { auditEntities } from './modules/audit/audit.entities';
import { accountsEntities } from './modules/accounts/accounts.entities';
import { catalogEntities } from './modules/catalog/catalog.entities';
import { beatsEntities } from './modules/beats/beats.entities';
import { billingEntities } from './modules/billing/billing.entities';
import { producersEntities } from './modules/producers/producers.entities';
import { earningsEntities } from './modules/earnings/earnings.entities';
import { adminEntities } from './modules/admin/admin.entities';
import { licencesEntities } from './modules/licences/licences.entities';
import { accessTokensEntities } from './modules/access-tokens/access-tokens.entities';
import { supportEntities } from './modules/support/support.entities';
import { contentIdEntities } from './modules/content-id';
import { sharingEntities } from './modules/sharing/sharing.entities';

/**
 * Every entity of the api, listed explicitly (no folder scanning, the same under tsc and jest). The
 * list belongs to the composition root: each module names its own tables, `platform/` names none.
 */
export const ENTITIES = [AppSecret, OutboxMail, CredentialRevocation, ...auditEntities, ...accountsEntities, ...catalogEntities, ...beatsEntities, ...billingEntities, ...producersEntities, ...earningsEntities, ...adminEntities, ...licencesEntities, ...accessTokensEntities, ...supportEntities, ...contentIdEntities, ...sharingEntities];
