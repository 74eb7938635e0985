// The entry of web/silent-renew.html, the page the provider sends the hidden renewal frame back to
// (create-user-manager.ts). An external module script: production's CSP allows no inline script.
import { completeSilentRenew } from './app/auth/silent-renew-callback';

completeSilentRenew().catch((error: unknown) => console.error('Silent renewal callback failed.', error));
