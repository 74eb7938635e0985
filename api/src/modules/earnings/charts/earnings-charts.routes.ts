import { Router, type Request } from 'express';
import { create as attachmentDisposition } from 'content-disposition';
import { z } from 'zod';
import type { TokenVerifier, VerifiedToken } from '../../../platform/auth/token-verifier';
import { requestToken } from '../../../platform/http/current-user';
import { parseInput } from '../../../platform/validation';
import type { User } from '../../accounts';
import type { EarningsChartsService } from './earnings-charts.service';
import { presentChartsRest, presentStatementRest } from './earnings-charts.presenter';
import { statementCsv } from './statement-csv';
import { renderStatementPdf } from './statement-pdf';

const chartsQuery = z.object({ months: z.coerce.number({ message: 'months must be a whole number from 1 to 36.' }).int('months must be a whole number from 1 to 36.').min(1, 'months must be a whole number from 1 to 36.').max(36, 'months must be a whole number from 1 to 36.').default(12) }).strict();
const statementQuery = z.object({
  period: z.string({ message: 'The period must be a month (2026-11) or a year (2026).' }).max(7, 'The period must be a month (2026-11) or a year (2026).'),
  format: z.enum(['csv', 'pdf', 'json'], { message: 'format must be csv, pdf or json.' }).default('json'),
}).strict();

interface Deps {
  readonly earningsCharts: EarningsChartsService;
  readonly verifier: TokenVerifier;
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
  readonly productName: string;
}

/** GET /producer-earnings/charts and GET /producer-earnings/statement (CSV, PDF or JSON): the same calls as GraphQL. */
export function earningsChartsRoutes(deps: Deps): Router {
  const router = Router();
  const currentUser = (req: Request) => deps.resolveUser(requestToken(req));
  const auth = deps.verifier.http({ required: true, tokens: 'earnings:read' });
  router.get('/producer-earnings/charts', auth, async (req, res) => {
    const { months } = parseInput(chartsQuery, req.query);
    res.json(presentChartsRest(await deps.earningsCharts.charts(await currentUser(req), months)));
  });
  router.get('/producer-earnings/statement', auth, async (req, res) => {
    const { period, format } = parseInput(statementQuery, req.query);
    const statement = await deps.earningsCharts.statement(await currentUser(req), period);
    res.set('cache-control', 'private, no-store');
    if (format === 'json') {
      res.json(presentStatementRest(statement));
      return;
    }
    const name = `${deps.productName}-statement-${statement.period}.${format}`;
    res.set('content-disposition', attachmentDisposition(name));
    if (format === 'csv') {
      res.type('text/csv; charset=utf-8').send(statementCsv(statement));
      return;
    }
    res.type('application/pdf').send(await renderStatementPdf(statement, deps.productName));
  });
  return router;
}
