import type { ReactNode } from 'react';
import './InfoPage.css';

interface InfoPageProps {
  readonly eyebrow: string;
  readonly title: string;
  readonly lead: ReactNode;
  readonly children: ReactNode;
  /** Wider content for grids and tables. */
  readonly wide?: boolean;
}

/** The frame of the information pages: a header with eyebrow, title and lead, then the content. */
export function InfoPage({ eyebrow, title, lead, children, wide = false }: InfoPageProps) {
  return (
    <article className={`info-page${wide ? ' info-page--wide' : ''}`}>
      <div className="info-page__header">
        <p className="info-page__eyebrow">{eyebrow}</p>
        <h1 className="info-page__title">{title}</h1>
        <div className="info-page__lead">{lead}</div>
      </div>
      <div className="info-page__body">{children}</div>
    </article>
  );
}

interface InfoSectionProps {
  readonly id?: string;
  readonly title: string;
  readonly children: ReactNode;
}

/** One titled section of an information page. */
export function InfoSection({ id, title, children }: InfoSectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className="info-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="info-section__title">
        {title}
      </h2>
      <div className="info-section__body">{children}</div>
    </section>
  );
}
