import { Link } from 'react-router-dom';
import { useSession } from '../../../app/auth/SessionProvider';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { LogoMark } from '../../../ui/logo/LogoMark';
import { AccountMenu } from './AccountMenu';
import { LearnMore } from './LearnMore';
import { TokenBalance } from './TokenBalance';
import './SiteHeader.css';

export function SiteHeader() {
  const { status } = useSession();
  const { productName } = useRuntimeConfig();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="site-header__logo" aria-label={`${productName} home`}>
          <LogoMark productName={productName} />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <LearnMore />
        </nav>
        {status === 'authenticated' && (
          <div className="site-header__balance">
            <TokenBalance />
          </div>
        )}
        <div className="site-header__account">
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
