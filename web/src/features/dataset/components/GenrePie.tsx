import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { sliceColor, tooltipText, type GenreShare } from '../dataset-logic';

interface GenrePieProps {
  readonly genres: readonly GenreShare[];
  readonly selected: string | null;
  readonly onSelect: (name: string) => void;
}

function GenreTooltip({ active, payload }: TooltipContentProps<ValueType, NameType>) {
  const entry = payload?.[0];
  if (!active || !entry) return null;
  return <div className="genre-pie__tooltip">{tooltipText(String(entry.name), Number(entry.value))}</div>;
}

/** The genre-share pie (recharts); a click on a slice selects its genre. Genres at 0% have no slice. */
export function GenrePie({ genres, selected, onSelect }: GenrePieProps) {
  const data = genres.map((genre, index) => ({ name: genre.name, share: genre.share, color: sliceColor(index) })).filter((d) => d.share > 0);
  return (
    <div className="genre-pie" role="img" aria-label="Pie chart of each genre's share of the dataset; the legend lists the same figures">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={data}
            dataKey="share"
            nameKey="name"
            innerRadius="42%"
            outerRadius="92%"
            paddingAngle={data.length > 1 ? 1 : 0}
            stroke="var(--color-bg)"
            strokeWidth={2}
            rootTabIndex={-1}
            isAnimationActive={false}
            onClick={(_, index) => onSelect(data[index].name)}
          >
            {data.map((d) => (
              <Cell
                key={d.name}
                fill={d.color}
                className="genre-pie__slice"
                fillOpacity={selected && selected !== d.name ? 0.35 : 1}
                stroke={selected === d.name ? '#fff' : 'var(--color-bg)'}
              />
            ))}
          </Pie>
          <Tooltip content={GenreTooltip} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
