import type { Request } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';

/**
 * What a browser gets on GET /graphql. In development: Apollo Sandbox, a page the api renders with
 * the explorer's script loaded by the browser from Apollo's CDN (the api itself reaches nothing);
 * cookies stay out, so a request carries only the Authorization header the developer sets. In
 * production: no page at all (introspection is off there too).
 */
export function explorerPlugin(production: boolean): ApolloServerPlugin {
  if (production) return ApolloServerPluginLandingPageDisabled();
  return ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false, footer: false });
}

/**
 * A browser opening the explorer page: that page brings its own Content-Security-Policy (a nonce for
 * its inline scripts, Apollo's CDN and frames), which the api's stricter header would otherwise block.
 */
export function isExplorerPageRequest(req: Request, production: boolean): boolean {
  return !production && req.method === 'GET' && req.path === '/graphql' && (req.headers.accept ?? '').includes('text/html');
}
