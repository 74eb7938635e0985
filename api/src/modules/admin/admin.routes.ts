import { Router, json, type Request, type RequestHandler } from 'express';
import type { TokenVerifier, VerifiedToken } from '../../platform/auth/token-verifier';
import { forbidden } from '../../platform/errors';
import { requestToken } from '../../platform/http/current-user';
import { checkedBody } from '../../platform/http/input-guards';
import { parseInput } from '../../platform/validation';
import type { User } from '../accounts';
import type { AdminService } from './admin.service';
import * as present from './admin.presenter';
import { presentAdminChartsRest } from './charts/admin-charts.presenter';
import { adminChartsQuery, refundOrderBody, refundSubscriptionPaymentBody, updateTokensBody } from './admin.schemas';

interface AdminRoutesDeps {
  readonly admin: AdminService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}

/** One admin path: every one of them needs a signed-in admin (401 anonymous, 403 anyone else). */
export interface AdminRoute {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly handle: (admin: AdminService, req: Request, user: User) => Promise<unknown>;
}

const query = (req: Request, name: string): unknown => req.query[name];
const chartsQuery = (req: Request) => parseInput(adminChartsQuery, req.query);

/** Every admin REST path (requirements §P7, and the dashboard's audit log, payments and refunds). */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { method: 'get', path: '/admin/users', handle: async (a, req) => present.presentUsers(await a.users(query(req, 'page'), query(req, 'page_size'), query(req, 'search'))) },
  { method: 'get', path: '/admin/user-subscriptions', handle: async (a, req) => present.presentSubscriptions(await a.subscriptions(query(req, 'page'), query(req, 'page_size'))) },
  { method: 'get', path: '/admin/producers', handle: async (a, req) => present.presentProducers(await a.producers(query(req, 'page'), query(req, 'page_size'))) },
  { method: 'get', path: '/admin/beat-orders', handle: async (a, req) => present.presentOrders(await a.beatOrders(query(req, 'page'), query(req, 'page_size'))) },
  { method: 'get', path: '/admin/total-users', handle: async (a) => present.presentTotal.users(await a.totalUsers()) },
  { method: 'get', path: '/admin/total-subscriptions', handle: async (a) => present.presentTotal.subscriptions(await a.totalSubscriptions()) },
  { method: 'get', path: '/admin/total-producers', handle: async (a) => present.presentTotal.producers(await a.totalProducers()) },
  { method: 'get', path: '/admin/total-beat-orders', handle: async (a) => present.presentTotal.beatOrders(await a.beatOrdersRevenueCents()) },
  { method: 'get', path: '/admin/charts', handle: async (a, req) => presentAdminChartsRest(await a.charts(chartsQuery(req).from, chartsQuery(req).to)) },
  { method: 'get', path: '/admin/subscription-stats', handle: async (a) => present.presentStats(await a.subscriptionStats()) },
  {
    method: 'post',
    path: '/admin/update-tokens',
    handle: async (a, req, user) => {
      const body = parseInput(updateTokensBody, req.body ?? {});
      return present.presentPlanAccount(
        await a.updateTokens(user, { userId: body.user_id, tokensRemaining: body.tokens_remaining, tokensSeen: body.tokens_seen, reason: body.reason }),
      );
    },
  },
  { method: 'get', path: '/admin/subscription-payments', handle: async (a, req) => present.presentPayments(await a.subscriptionPayments(query(req, 'page'), query(req, 'page_size'))) },
  {
    method: 'post',
    path: '/admin/refund-subscription-payment',
    handle: async (a, req, user) => {
      const body = parseInput(refundSubscriptionPaymentBody, req.body ?? {});
      return present.presentPayment(await a.refundSubscriptionPayment(user, body.payment_id, body.reason));
    },
  },
  {
    method: 'post',
    path: '/admin/refund-order',
    handle: async (a, req, user) => {
      const body = parseInput(refundOrderBody, req.body ?? {});
      return present.presentOrder(await a.refundOrder(user, body.order_id, body.reason));
    },
  },
  { method: 'get', path: '/admin/audit-log', handle: async (a, req) => present.presentAuditLog(await a.auditLog(query(req, 'page'), query(req, 'page_size'))) },
];

/** The admin paths, thin adapters over AdminService. */
export function adminRoutes({ admin, verifier, resolveUser }: AdminRoutesDeps): Router {
  const router = Router();
  const authenticated = verifier.http({ required: true });
  const body = checkedBody(json({ limit: '4kb' }));
  // Before any body is read: a non-admin learns nothing about what a request would have done.
  const requireAdmin: RequestHandler = async (req, res, next) => {
    const token = requestToken(req);
    // Admin rights are never delegated to an access token (its route policy refuses it already).
    if (token.delegation) throw forbidden('Only admins may do this.');
    const user = await resolveUser(token);
    if (!user.isAdmin) throw forbidden('Only admins may do this.');
    res.locals.admin = user;
    next();
  };
  for (const route of ADMIN_ROUTES) {
    const handlers = route.method === 'post' ? [authenticated, requireAdmin, body] : [authenticated, requireAdmin];
    router[route.method](route.path, ...handlers, async (req, res) => {
      res.json(await route.handle(admin, req, res.locals.admin as User));
    });
  }
  return router;
}
