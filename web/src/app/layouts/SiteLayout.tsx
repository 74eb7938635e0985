import { Outlet } from 'react-router-dom';
import { ConfirmEmailNotice } from '../../features/account/components/ConfirmEmailNotice';
import { SiteFooter } from '../../features/footer/components/SiteFooter';
import { SiteHeader } from '../../features/header/components/SiteHeader';
import './SiteLayout.css';

/** Every page except /welcome: header, the page, footer. */
export function SiteLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <ConfirmEmailNotice />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
