import { paths } from '../../app/router/paths';

/** The public verification page of a licence (issue 17): /licenses/verify/:id. */
export function verifyPath(licenceId: string): string {
  return paths.licenceVerification.replace(':id', encodeURIComponent(licenceId));
}
