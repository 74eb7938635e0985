interface ProducerShare {
  readonly name: string;
  readonly percent: number;
}

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Requirements §L2: the producers whose loops are in the beat, with their percentages. */
export function ContributedProducers({ producers }: { readonly producers: readonly ProducerShare[] }) {
  return (
    <section className="producers" aria-labelledby="producers-title">
      <h2 className="producers__title" id="producers-title">
        Contributed Producers
      </h2>
      {producers.length === 0 ? (
        <p className="producers__empty">No producer is credited for this beat.</p>
      ) : (
        <ul className="producers__list">
          {producers.map((producer) => (
            <li key={producer.name} className="producers__item">
              <span className="producers__name">{producer.name}</span>
              <span className="producers__bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.max(0, producer.percent))}%` }} />
              </span>
              <span className="producers__percent">{`${percentFormat.format(producer.percent)}%`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
