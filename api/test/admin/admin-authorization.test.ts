import { getNamedType, isInputObjectType, isNonNullType, isObjectType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { startTestApp, type TestApp } from '../support/test-app';
import { graphql } from '../support/graphql-client';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { buildApiSchema } from '../../src/graphql/schema';
import { ADMIN_ROUTES } from '../../src/modules/admin/admin.routes';
import { AdminResolver } from '../../src/modules/admin/admin.resolver';
import { AdminChartsResolver } from '../../src/modules/admin/charts/admin-charts.resolver';
import { rest, signInAdmin, sqlOf } from './admin-support';

// Every admin path and field, derived from the route table and the schema: a new one is covered
// as soon as it exists. Anonymous: 401 / UNAUTHENTICATED; signed in without admin: 403 / FORBIDDEN.

let test: TestApp;
let schema: GraphQLSchema;
let member: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  test = await startTestApp();
  schema = await buildApiSchema();
  member = await registerAndSignIn(test, 'member');
  admin = await signInAdmin(test);
});
afterAll(() => test?.close());

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/** A literal of the right type for a required argument (values the admin check must refuse before reading). */
function literal(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${fields.map((f) => `${f.name}: ${literal(f.type)}`).join(', ')} }`;
  }
  if (named.name === 'Int') return '1';
  if (named.name === 'Boolean') return 'false';
  return JSON.stringify(ZERO_ID);
}

/** One operation per admin root field, with its required arguments and the least selection. */
function adminOperations(): { field: string; query: string }[] {
  const operations: { field: string; query: string }[] = [];
  for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const field of Object.values(type!.getFields())) {
      if (!field.name.startsWith('admin')) continue;
      const args = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
      const argText = args.length ? `(${args.map((a) => `${a.name}: ${literal(a.type)}`).join(', ')})` : '';
      const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
      operations.push({ field: field.name, query: `${kind} { ${field.name}${argText}${selection} }` });
    }
  }
  return operations;
}

describe('every admin GraphQL field', () => {
  it('is one of the admin resolvers, and every field of the admin resolvers is named admin…', () => {
    const methods = [AdminResolver, AdminChartsResolver].flatMap((r) => Object.getOwnPropertyNames(r.prototype)).filter((m) => m !== 'constructor').sort();
    expect(adminOperations().map((o) => o.field).sort()).toEqual(methods);
    expect(methods.length).toBeGreaterThanOrEqual(11);
  });

  it('answers UNAUTHENTICATED without a token and FORBIDDEN to a signed-in non-admin, and changes nothing', async () => {
    for (const { field, query } of adminOperations()) {
      const anonymous = await graphql(test.url, query);
      expect({ field, code: anonymous.errors?.[0]?.extensions?.code, data: anonymous.data?.[field as never] ?? null }).toEqual({ field, code: 'UNAUTHENTICATED', data: null });
      const other = await graphql(test.url, query, {}, member.accessToken);
      expect({ field, code: other.errors?.[0]?.extensions?.code, data: other.data?.[field as never] ?? null }).toEqual({ field, code: 'FORBIDDEN', data: null });
      const allowed = await graphql(test.url, query, {}, admin.accessToken);
      expect({ field, code: allowed.errors?.[0]?.extensions?.code }).not.toEqual({ field, code: 'FORBIDDEN' });
      expect({ field, code: allowed.errors?.[0]?.extensions?.code }).not.toEqual({ field, code: 'UNAUTHENTICATED' });
    }
    const [{ count }] = await sqlOf(test)<{ count: string }>('select count(*) as count from admin_audit_entries');
    expect(Number(count)).toBe(0);
  });
});

describe('every admin REST path', () => {
  it('answers 401 without a token, 403 to a signed-in non-admin (before reading any body), and serves an admin', async () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(14);
    for (const route of ADMIN_ROUTES) {
      const method = route.method.toUpperCase();
      const body = method === 'POST' ? '{ not json' : undefined;
      const anonymous = await rest(test, method, route.path, null, body);
      expect({ path: route.path, status: anonymous.status }).toEqual({ path: route.path, status: 401 });
      const other = await rest(test, method, route.path, member.accessToken, body);
      expect({ path: route.path, status: other.status, error: other.body.error }).toEqual({ path: route.path, status: 403, error: 'Only admins may do this.' });
      const allowed = await rest(test, method, route.path, admin.accessToken, method === 'POST' ? {} : undefined);
      expect({ path: route.path, ok: method === 'POST' ? allowed.status === 400 : allowed.status === 200 }).toEqual({ path: route.path, ok: true });
    }
  });

  it('a token that is not a valid one answers 401 on every path', async () => {
    for (const route of ADMIN_ROUTES) {
      const response = await rest(test, route.method.toUpperCase(), route.path, 'not-a-token');
      expect({ path: route.path, status: response.status }).toEqual({ path: route.path, status: 401 });
    }
  });
});
