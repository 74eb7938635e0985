import { formatShare, type GenreShare } from '../dataset-logic';

/** The selected genre: name, share to two decimals, style and example artists (requirements §P2). */
export function GenreDetail({ genre, hasChart }: { readonly genre: GenreShare | null; readonly hasChart: boolean }) {
  return (
    <div className="genre-detail" aria-live="polite">
      {genre ? (
        <>
          <div className="genre-detail__head">
            <h2 className="genre-detail__name">{genre.name}</h2>
            <p className="genre-detail__share">{formatShare(genre.share)}</p>
          </div>
          <p className="genre-detail__label">Style</p>
          <p className="genre-detail__style">{genre.style}</p>
          <p className="genre-detail__label">Example artists</p>
          <ul className="genre-detail__artists">
            {genre.artists.map((artist) => (
              <li key={artist}>{artist}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="genre-detail__hint">
          {hasChart ? 'Select a slice of the chart or a genre in the legend' : 'Select a genre in the legend'} to see its share, its style
          and example artists.
        </p>
      )}
    </div>
  );
}
