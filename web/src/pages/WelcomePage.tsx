import { useSearchParams } from 'react-router-dom';
import { SiteFooter } from '../features/footer/components/SiteFooter';
import { CreatorSection } from '../features/landing/components/CreatorSection';
import { EarlyAccessOffer } from '../features/landing/components/EarlyAccessOffer';
import { LandingFeatures } from '../features/landing/components/LandingFeatures';
import { LandingHero } from '../features/landing/components/LandingHero';
import { SampleBeatGrid } from '../features/landing/components/SampleBeatGrid';
import { Testimonials } from '../features/landing/components/Testimonials';
import { Banner } from '../ui/banner/Banner';
import '../features/landing/components/Landing.css';
import './WelcomePage.css';

/** /welcome: the public landing page, without the header (requirements §L2). */
export function WelcomePage() {
  const [searchParams] = useSearchParams();
  const signedOut = searchParams.get('from') === 'logout';
  return (
    <div className="welcome-page">
      <main className="welcome-page__main">
        {signedOut && (
          <div className="welcome-page__notice">
            <Banner tone="info">You have been signed out.</Banner>
          </div>
        )}
        <LandingHero />
        <SampleBeatGrid />
        <LandingFeatures />
        <EarlyAccessOffer />
        <CreatorSection />
        <Testimonials />
      </main>
      <SiteFooter />
    </div>
  );
}
