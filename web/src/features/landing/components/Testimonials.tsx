/** Example quotes with invented names, shown as examples until real testimonials exist (docs/decisions.md). */
const TESTIMONIALS = [
  {
    quote: 'I typed "trap type beat with country drums" and had something to write to before my coffee was ready. Section editing is what made me upgrade.',
    name: 'Maya Reed',
    role: 'Independent artist, Atlanta',
  },
  {
    quote: 'My drum kits earn while I sleep. Every beat shows exactly which of my loops played, and the payouts match it.',
    name: 'Dre Vaughn',
    role: 'Producer, Houston',
  },
  {
    quote: 'We sketch demos for our writing camps here. The auditing trail on every beat keeps our publishing team happy.',
    name: 'Lena Ortiz',
    role: 'A&R, Los Angeles',
  },
];

/** Three testimonials (requirements §L2), marked as examples: none of these people is real. */
export function Testimonials() {
  return (
    <section className="landing-section" aria-labelledby="testimonials-title">
      <div className="landing-section__head">
        <p className="landing-section__eyebrow">Testimonials</p>
        <h2 id="testimonials-title" className="landing-section__title">
          Made by artists, producers and labels
        </h2>
        <p className="landing-section__text" role="note">
          Examples of what we hope to hear: these quotes and names are invented, not from real customers.
        </p>
      </div>
      <ul className="landing-testimonials">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="landing-testimonial">
              <p className="example-tag">Example</p>
              <blockquote className="landing-testimonial__quote">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="landing-testimonial__author">
                <span className="landing-testimonial__avatar" aria-hidden="true">
                  {t.name.split(' ').map((part) => part[0]).join('')}
                </span>
                <span>
                  <strong>{t.name}</strong>
                  <span className="landing-testimonial__role">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
