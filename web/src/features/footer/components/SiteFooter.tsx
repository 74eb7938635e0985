import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { FOOTER_LINKS } from '../../../app/router/info-links';
import { paths } from '../../../app/router/paths';
import { LogoMark } from '../../../ui/logo/LogoMark';
import './SiteFooter.css';

export function SiteFooter() {
  // The support address is configuration (the api's SUPPORT_EMAIL), never written into the web app.
  const { productName, supportEmail } = useRuntimeConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to={paths.home} className="site-footer__logo" aria-label={`${productName} home`}>
            <LogoMark productName={productName} />
          </Link>
          <p className="site-footer__tagline">Beats from a prompt, built from real producers' loops.</p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to={paths.contact}>Contact</Link>
            </li>
            <li>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
