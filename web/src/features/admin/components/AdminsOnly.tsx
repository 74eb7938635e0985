import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import '../../../pages/StatusPage.css';

/** What a signed-in account that is not an admin sees at /admin-portal: the api answered 403. */
export function AdminsOnly() {
  return (
    <section className="status-page" aria-labelledby="admins-only-title">
      <p className="status-page__eyebrow">403</p>
      <h1 id="admins-only-title" className="status-page__title">
        Admins only
      </h1>
      <p className="status-page__text">The Admin Dashboard is for the team that runs this site. Your account is not an admin account.</p>
      <div className="status-page__actions">
        <Link className="button button--primary" to={paths.home}>
          Go to the generator
        </Link>
        <Link className="button button--ghost" to={paths.accountProfile}>
          My Account
        </Link>
      </div>
    </section>
  );
}
