import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import { DateText } from '../../../ui/format/DateText';
import { useMyBeats } from '../../beats/hooks/use-my-beats';
import { openBeatState, regenerateBeatState } from '../../beats/open-beat-state';
import './GeneratedBeats.css';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

const KIND_LABELS: Readonly<Record<string, string>> = { full: 'Full beat', edit: 'Edited' };

/**
 * My Account's Generated Beats (requirements §L2): Search Query, Date Created and Producers, newest first;
 * a row goes to / and opens that beat there; its Regenerate action goes to / and makes a new beat
 * from it (1 token).
 */
export function GeneratedBeats() {
  const { data, error, loading, refetch } = useMyBeats();
  const navigate = useNavigate();
  const beats = data?.myBeats ?? [];
  // Not awaited: navigating away is the whole action.
  const open = (id: string) => void navigate(paths.home, { state: openBeatState(id) });
  const regenerate = (id: string) => void navigate(paths.home, { state: regenerateBeatState(id) });

  return (
    <section className="account-card generated-beats" aria-labelledby="generated-beats-title">
      <h2 className="account-card__title" id="generated-beats-title">
        Generated Beats
      </h2>
      {!data && loading && <p className="account-card__text">Loading your beats...</p>}
      {!data && error && (
        <p className="account-card__text">
          Your beats could not be loaded.{' '}
          <button type="button" className="generated-beats__retry" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
      {data && beats.length === 0 && <p className="account-card__text">No beats yet. The beats you generate will be listed here.</p>}
      {beats.length > 0 && (
        <TableScroll label="Generated beats table" className="generated-beats__scroll">
          <table className="generated-beats__table">
            <thead>
              <tr>
                <th scope="col">Search Query</th>
                <th scope="col">Date Created</th>
                <th scope="col">Producers</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {beats.map((beat) => (
                // The whole row opens the beat for a pointer; its link does for the keyboard.
                <tr key={beat.id} className="generated-beats__row" onClick={() => open(beat.id)}>
                  <td>
                    <Link
                      className="generated-beats__query"
                      to={paths.home}
                      state={openBeatState(beat.id)}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {beat.prompt}
                    </Link>
                    {KIND_LABELS[beat.kind] && <span className="generated-beats__kind">{KIND_LABELS[beat.kind]}</span>}
                  </td>
                  <td className="generated-beats__date">
                    <DateText value={beat.createdAt} kind="dateTime" />
                  </td>
                  <td>{beat.producers.map((p) => p.name).join(', ')}</td>
                  <td className="generated-beats__actions">
                    <button
                      type="button"
                      className="button button--secondary generated-beats__regenerate"
                      aria-label={`Regenerate ${beat.prompt} (1 token)`}
                      title="A new beat from the same prompt (1 token)"
                      onClick={(event) => {
                        event.stopPropagation();
                        regenerate(beat.id);
                      }}
                    >
                      Regenerate
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
