import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/router/paths';
import type { MyCompositionFieldsFragment, MyDrumLoopFieldsFragment, SampleTagsInput } from '../../../generated/graphql';
import { useMyUploadActions, useMyUploads, type UploadKind } from '../hooks/use-my-uploads';
import { UploadTagsModal } from './UploadTagsModal';
import { WithdrawModal } from './WithdrawModal';
import '../../uploads/components/Uploads.css';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

interface UploadRow {
  readonly kind: UploadKind;
  readonly id: string;
  readonly name: string;
  readonly detail: string;
  readonly declared: string;
  readonly detected: string;
  readonly bpmMismatch: boolean;
  readonly keyMismatch: boolean;
  readonly tags: SampleTagsInput;
  readonly createdAt: string;
}

const bpm = (value: number) => `${Math.round(value * 10) / 10} BPM`;
const keyText = (key: string | null | undefined, mode: string | null | undefined) => (key ? `${key}${mode ? ` ${mode}` : ''}` : null);
const tagsOf = (t: SampleTagsInput): SampleTagsInput => ({ artists: [...t.artists], instruments: [...t.instruments], genres: [...t.genres], moods: [...t.moods], tempoStyles: [...t.tempoStyles] });

function compositionRow(c: MyCompositionFieldsFragment): UploadRow {
  const [first, ...rest] = c.stems.map((s) => s.fileName);
  const detectedKey = keyText(c.detectedKey, c.detectedMode);
  return {
    kind: 'composition',
    id: c.id,
    name: rest.length ? `${first} + ${rest.length} more` : (first ?? 'Composition'),
    detail: `${c.stems.length} stem${c.stems.length === 1 ? '' : 's'} · ${c.bars} bars`,
    declared: `${bpm(c.bpm)} · ${keyText(c.key, c.mode)}`,
    detected: [c.detectedBpm != null ? bpm(c.detectedBpm) : 'tempo not read', detectedKey ?? 'key not read'].join(' · '),
    bpmMismatch: c.bpmMismatch,
    keyMismatch: c.keyMismatch,
    tags: tagsOf(c.tags),
    createdAt: c.createdAt,
  };
}

function drumRow(d: MyDrumLoopFieldsFragment): UploadRow {
  const declaredKey = keyText(d.key, d.mode);
  return {
    kind: 'drum',
    id: d.id,
    name: d.fileName,
    detail: `${d.drumType} · ${d.bars} bars`,
    declared: declaredKey ? `${bpm(d.bpm)} · ${declaredKey}` : bpm(d.bpm),
    detected: [d.detectedBpm != null ? bpm(d.detectedBpm) : 'tempo not read', ...(d.key ? [d.detectedKey ?? 'key not read'] : [])].join(' · '),
    bpmMismatch: d.bpmMismatch,
    keyMismatch: d.keyMismatch,
    tags: tagsOf(d.tags),
    createdAt: d.createdAt,
  };
}

function Flags({ row }: { row: UploadRow }) {
  if (!row.bpmMismatch && !row.keyMismatch) return <span className="upload-flag upload-flag--ok">Matches</span>;
  return (
    <>
      {row.bpmMismatch && <span className="upload-flag upload-flag--warn">Tempo mismatch</span>}
      {row.keyMismatch && <span className="upload-flag upload-flag--warn">Key mismatch</span>}
    </>
  );
}

interface UploadTableProps {
  readonly title: string;
  readonly rows: readonly UploadRow[];
  readonly loading: boolean;
  readonly failed: boolean;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly empty: { text: string; to: string; link: string };
  readonly onPage: (page: number) => void;
  readonly onEdit: (row: UploadRow) => void;
  readonly onWithdraw: (row: UploadRow) => void;
}

function UploadTable({ title, rows, loading, failed, page, pages, total, empty, onPage, onEdit, onWithdraw }: UploadTableProps) {
  const headingId = `my-uploads-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="my-uploads__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="my-uploads__title">
        {title} <span className="my-uploads__count">({total})</span>
      </h3>
      {failed && <p className="my-uploads__empty">Your {title.toLowerCase()} could not be loaded.</p>}
      {!failed && rows.length === 0 && (
        <p className="my-uploads__empty">
          {loading ? 'Loading...' : (
            <>
              {empty.text} <Link to={empty.to}>{empty.link}</Link>
            </>
          )}
        </p>
      )}
      {rows.length > 0 && (
        <TableScroll label={`${title} table`} className="my-uploads__scroll">
          <table className="my-uploads__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Upload</th>
                <th scope="col">Declared</th>
                <th scope="col">Detected</th>
                <th scope="col">Analysis</th>
                <th scope="col">Tags</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} aria-label={row.name}>
                  <td>
                    <span className="my-uploads__name">{row.name}</span>
                    <span className="my-uploads__detail">{row.detail}</span>
                  </td>
                  <td data-label="Declared">{row.declared}</td>
                  <td data-label="Detected">{row.detected}</td>
                  <td data-label="Analysis">
                    <Flags row={row} />
                  </td>
                  <td className="my-uploads__tags" data-label="Tags">{[...row.tags.genres, ...row.tags.artists, ...row.tags.moods].join(', ')}</td>
                  <td className="my-uploads__actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => onEdit(row)} aria-label={`Edit tags of ${row.name}`}>
                      Edit Tags
                    </button>
                    <button type="button" className="button button--ghost button--small my-uploads__withdraw" onClick={() => onWithdraw(row)} aria-label={`Withdraw ${row.name}`}>
                      Withdraw
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {pages > 1 && (
        <div className="my-uploads__pager">
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Keeps a list on a page that has rows: withdrawing the last upload of the last page (or another
 * device's withdrawals) leaves the list past its end, so it moves back to the new last page.
 */
function useStayInRange(data: { page: number; pages: number; items: readonly unknown[] } | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > 1) setPage(Math.max(1, data.pages));
  }, [data, setPage]);
}

/** My uploads: the producer's compositions and drum loops with their analysis; tags edited, one withdrawn (after a confirmation). */
export function MyUploads() {
  const [compositionPage, setCompositionPage] = useState(1);
  const [drumPage, setDrumPage] = useState(1);
  const { compositions, drumLoops } = useMyUploads(compositionPage, drumPage);
  const { updateTags, withdraw } = useMyUploadActions();
  const [editing, setEditing] = useState<UploadRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<UploadRow | null>(null);

  const compositionData = compositions.data?.myCompositions;
  const drumData = drumLoops.data?.myDrumLoops;
  useStayInRange(compositionData, setCompositionPage);
  useStayInRange(drumData, setDrumPage);

  return (
    <section className="producer-card my-uploads" aria-labelledby="my-uploads-title">
      <div className="setup-panel__intro">
        <h2 id="my-uploads-title" className="setup-panel__title">
          My Uploads
        </h2>
        <p className="setup-panel__text">
          What you uploaded, with the tempo and key we found in it. A mismatch means the file may not be what its tags say: check it, or fix the tags. A withdrawn upload is no longer used for new beats.
        </p>
      </div>
      <UploadTable
        title="Melody Compositions"
        rows={(compositionData?.items ?? []).map(compositionRow)}
        loading={compositions.loading}
        failed={Boolean(compositions.error) && !compositionData}
        page={compositionData?.page ?? compositionPage}
        pages={compositionData?.pages ?? 1}
        total={compositionData?.total ?? 0}
        empty={{ text: 'No melodies yet.', to: paths.uploadSamples, link: 'Upload Melodies' }}
        onPage={setCompositionPage}
        onEdit={setEditing}
        onWithdraw={setWithdrawing}
      />
      <UploadTable
        title="Drum Loops"
        rows={(drumData?.items ?? []).map(drumRow)}
        loading={drumLoops.loading}
        failed={Boolean(drumLoops.error) && !drumData}
        page={drumData?.page ?? drumPage}
        pages={drumData?.pages ?? 1}
        total={drumData?.total ?? 0}
        empty={{ text: 'No drum loops yet.', to: paths.uploadDrums, link: 'Upload Drums' }}
        onPage={setDrumPage}
        onEdit={setEditing}
        onWithdraw={setWithdrawing}
      />
      <UploadTagsModal target={editing} onSave={updateTags} onClose={() => setEditing(null)} />
      <WithdrawModal target={withdrawing} onConfirm={withdraw} onClose={() => setWithdrawing(null)} />
    </section>
  );
}
