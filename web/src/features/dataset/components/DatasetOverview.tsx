import { useId, useState } from 'react';
import { formatShare, type GenreShare } from '../dataset-logic';
import { ContributionNeeds } from './ContributionNeeds';
import { GenreDetail } from './GenreDetail';
import { GenreLegend } from './GenreLegend';
import { GenrePie } from './GenrePie';

interface DatasetOverviewProps {
  readonly genres: readonly GenreShare[];
  readonly countedSamples: number;
  readonly contributionThreshold: number;
}

/** The chart, its legend, the selected genre, and the Show/Hide Contributions toggle. */
export function DatasetOverview({ genres, countedSamples, contributionThreshold }: DatasetOverviewProps) {
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [showContributions, setShowContributions] = useState(false);
  const contributionsId = useId();
  const selected = genres.find((g) => g.name === selectedName) ?? null;
  const largest = [...genres].sort((a, b) => b.share - a.share)[0];

  return (
    <>
      <div className="dataset-overview">
        <div className="dataset-overview__chart">
          {countedSamples > 0 ? (
            <GenrePie genres={genres} selected={selectedName} onSelect={setSelectedName} />
          ) : (
            <p className="dataset-overview__empty">
              No samples are tagged with these genres yet. Every genre below is waiting for its first contribution.
            </p>
          )}
          {countedSamples > 0 && largest && (
            <p className="dataset-overview__caption">
              {countedSamples.toLocaleString('en-US')} tagged sample files · largest: {largest.name} at {formatShare(largest.share)}
            </p>
          )}
        </div>
        <div className="dataset-overview__side">
          <GenreDetail genre={selected} hasChart={countedSamples > 0} />
          <GenreLegend genres={genres} selected={selectedName} onSelect={setSelectedName} />
        </div>
      </div>

      <div className="dataset-overview__toggle">
        <button
          type="button"
          className="button button--primary"
          aria-expanded={showContributions}
          aria-controls={contributionsId}
          onClick={() => setShowContributions((value) => !value)}
        >
          {showContributions ? 'Hide Contributions' : 'Show Contributions'}
        </button>
      </div>
      {showContributions && <ContributionNeeds id={contributionsId} genres={genres} threshold={contributionThreshold} />}
    </>
  );
}
