import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { Accordion } from '../../../ui/accordion/Accordion';
import { contributionBand, formatShare, genresNeedingContributions, type GenreShare } from '../dataset-logic';

interface ContributionNeedsProps {
  readonly id: string;
  readonly genres: readonly GenreShare[];
  readonly threshold: number;
}

/** Genres Needing Contributions: those under the threshold, largest first, as cards coloured by share (requirements §P9). */
export function ContributionNeeds({ id, genres, threshold }: ContributionNeedsProps) {
  const needed = genresNeedingContributions(genres, threshold);
  return (
    <section id={id} className="contribution-needs" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="contribution-needs__title">
        Genres Needing Contributions
      </h2>
      <p className="contribution-needs__intro">
        These genres make up less than {threshold}% of the dataset each. Loops in these styles are the ones the generator
        reaches for least often, and the ones that will earn you the most new placements.
      </p>
      {needed.length === 0 ? (
        <p className="contribution-needs__empty">Every genre is above {threshold}% right now. Any contribution still helps.</p>
      ) : (
        <Accordion
          className="contribution-needs__list"
          multiple
          items={needed.map((genre) => {
            const band = contributionBand(genre.share);
            return {
              id: genre.name,
              className: `contribution-card contribution-card--${band.name}`,
              style: { '--band-color': band.color } as CSSProperties,
              title: (
                <span className="contribution-card__title">
                  <span className="contribution-card__name">{genre.name}</span>
                  <span className="contribution-card__share">{formatShare(genre.share)}</span>
                </span>
              ),
              content: (
                <>
                  <p className="contribution-card__style">{genre.style}</p>
                  <p className="contribution-card__artists">
                    <strong>Example artists:</strong> {genre.artists.join(', ')}
                  </p>
                </>
              ),
            };
          })}
        />
      )}
      <p className="contribution-needs__cta">
        <Link className="button button--secondary" to={paths.choice}>
          Join Creator Program
        </Link>
      </p>
    </section>
  );
}
