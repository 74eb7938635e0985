import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import './Producers.css';

/** Said to a signed-in user who is not a producer, on pages only producers use: become one at /choice. */
export function NotAProducer({ title, headingLevel = 1 }: { readonly title: string; readonly headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="producer-card not-producer" aria-labelledby="not-producer-title">
      <Heading id="not-producer-title" className="not-producer__title">
        {title}
      </Heading>
      <p className="not-producer__text">Only producers can do this. You are not a producer yet: join the Creator Program as a producer first.</p>
      <Link className="button button--primary" to={paths.choice}>
        Become a Producer
      </Link>
    </section>
  );
}
