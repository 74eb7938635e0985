import { useId, type CSSProperties } from 'react';
import { VolumeIcon } from './PlayerIcons';

/** The players' volume: a 0-1 slider in 0.01 steps with its percent label (both player variants). */
export function VolumeControl({ volume, onChange }: { volume: number; onChange: (volume: number) => void }) {
  const id = useId();
  const percent = Math.round(volume * 100);
  return (
    <div className="beat-player__volume">
      <VolumeIcon />
      <label className="visually-hidden" htmlFor={id}>
        Volume
      </label>
      <input
        id={id}
        className="beat-player__slider"
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={volume}
        onChange={(event) => onChange(Number(event.target.value))}
        style={{ '--fill': `${percent}%` } as CSSProperties}
      />
      <output className="beat-player__percent" htmlFor={id}>
        {`${percent}%`}
      </output>
    </div>
  );
}
