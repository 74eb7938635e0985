import { formatShare, sliceColor, type GenreShare } from '../dataset-logic';

interface GenreLegendProps {
  readonly genres: readonly GenreShare[];
  readonly selected: string | null;
  readonly onSelect: (name: string) => void;
}

/** The pie's legend: one button per genre (keyboard and screen-reader friendly), the same colours as the slices. */
export function GenreLegend({ genres, selected, onSelect }: GenreLegendProps) {
  return (
    <ul className="genre-legend" aria-label="Genres">
      {genres.map((genre, index) => (
        <li key={genre.name}>
          <button
            type="button"
            className="genre-legend__item"
            aria-pressed={selected === genre.name}
            onClick={() => onSelect(genre.name)}
          >
            <span className="genre-legend__swatch" style={{ background: sliceColor(index) }} aria-hidden="true" />
            <span className="genre-legend__name">{genre.name}</span>
            <span className="genre-legend__share">{formatShare(genre.share)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
