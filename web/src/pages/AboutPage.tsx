import { AboutTeam } from '../features/info-pages/components/AboutTeam';

/** /about: About our team */
export function AboutPage() {
  return <AboutTeam />;
}
