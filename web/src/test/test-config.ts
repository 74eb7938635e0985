import type { ClientConfig } from '../app/config/client-config';

/** The api origin tests use; every request to it goes to the FakeBackend. */
export const TEST_API_URL = 'http://api.test';

/** What GET /client-config answers in tests: the shape the api documents. */
export const TEST_CLIENT_CONFIG: ClientConfig = {
  productName: 'YSM',
  supportEmail: 'help@ysm-support.test',
  graphqlUrl: `${TEST_API_URL}/graphql`,
  graphqlWsUrl: 'ws://api.test/graphql',
  oidc: {
    authority: `${TEST_API_URL}/oidc`,
    clientId: 'ysm-web',
    scope: 'openid profile email',
    audience: null,
  },
  payments: 'local',
};
