import { Link } from 'react-router-dom';
import { paths } from '../app/router/paths';
import { DatasetOverview } from '../features/dataset/components/DatasetOverview';
import { useDatasetGenres } from '../features/dataset/hooks/use-dataset-genres';
import '../features/dataset/components/Dataset.css';

/** /data-set: Our Dataset (requirements §P2), the catalogue's genre shares, live. */
export function DatasetPage() {
  const { dataset, loading, error, refetch } = useDatasetGenres();
  return (
    <div className="dataset-page">
      <div className="dataset-page__header">
        <p className="dataset-page__eyebrow">Transparency</p>
        <h1 className="dataset-page__title">Our Dataset</h1>
        <p className="dataset-page__lead">
          Every beat is built from loops that producers contributed. This is how those sample files split by genre right
          now, counted live from the catalogue, so you can see what the generator knows well and where it needs you.
        </p>
      </div>

      {dataset ? (
        <DatasetOverview genres={dataset.genres} countedSamples={dataset.countedSamples} contributionThreshold={dataset.contributionThreshold} />
      ) : error ? (
        <div className="dataset-page__status" role="alert">
          <p>We could not load the dataset. Please try again.</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <p className="dataset-page__status" role="status">
          {loading ? 'Loading the dataset…' : ''}
        </p>
      )}

      <div className="dataset-page__back">
        <Link className="button button--secondary" to={paths.home}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
