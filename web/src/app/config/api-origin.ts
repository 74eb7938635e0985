/** Removes trailing slashes so paths can be appended with a single `/`. */
export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

// The only address the build knows; everything else (GraphQL URLs, identity provider) comes from
// the api's GET /client-config, so moving the api to another identity provider needs no rebuild.
export const API_URL = trimTrailingSlash(import.meta.env.VITE_API_URL || 'http://localhost:4000');
