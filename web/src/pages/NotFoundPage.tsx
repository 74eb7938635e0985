import { Link } from 'react-router-dom';
import { paths } from '../app/router/paths';
import './StatusPage.css';

export function NotFoundPage() {
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__eyebrow">404</p>
      <h1 id="not-found-title" className="status-page__title">
        Page not found
      </h1>
      <p className="status-page__text">The page you are looking for does not exist or has moved.</p>
      <div className="status-page__actions">
        <Link className="button button--primary" to={paths.home}>
          Go to home
        </Link>
      </div>
    </section>
  );
}
