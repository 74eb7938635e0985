import { fireEvent, screen, within } from '@testing-library/react';
import { graphqlError, renderWithUploadApi, stubPlayback, wav, type ApiReply } from '../test/upload-api';
import { DrumUploadForm } from './DrumUploadForm';

const SUCCESS: ApiReply = { status: 200, body: { data: { uploadDrumSamples: { message: 'Drum samples uploaded successfully!', drumLoops: [] } } } };

const row = (n: number) => screen.getByRole('row', { name: `Row ${n}` });
const rowCount = () => screen.queryAllByRole('row', { name: /^Row \d+$/ }).length;
const uploadButton = () => screen.getByRole('button', { name: 'Upload Drum Samples' });

type User = ReturnType<typeof renderWithUploadApi>['user'];

async function tagRow(user: User, n: number, values: { genres?: string; artists?: string; style?: string; tempo?: string } = {}) {
  const r = within(row(n));
  await user.type(r.getByRole('textbox', { name: `Row ${n} Genres` }), `${values.genres ?? 'trap'}{Enter}`);
  await user.type(r.getByRole('textbox', { name: `Row ${n} Artists` }), `${values.artists ?? 'Future'}{Enter}`);
  await user.type(r.getByRole('textbox', { name: `Row ${n} Style` }), `${values.style ?? 'dark'}{Enter}`);
  await user.type(r.getByRole('textbox', { name: `Row ${n} Tempo Style` }), `${values.tempo ?? 'bouncy'}{Enter}`);
}

const tagsOf = (n: number, column: string) =>
  within(row(n)).queryByRole('list', { name: `Row ${n} ${column} added` })?.querySelectorAll('.tag-input__text') ?? [];
const tagTexts = (n: number, column: string) => [...tagsOf(n, column)].map((t) => t.textContent);

describe('Drum Sample Upload', () => {
  it('starts with a drop zone and + Add Row; a row brings the table with the spec columns', async () => {
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    expect(screen.getByLabelText('Select WAV files')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '+ Add Row' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['File', 'Type', 'Genres', 'Artists', 'Style', 'Tempo Style', 'BPM', 'Key/Mode', 'Actions']);
    expect(rowCount()).toBe(1);
    expect(within(row(1)).getByText('Choose WAV')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Row' }));
    expect(rowCount()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Delete Row 2' }));
    expect(rowCount()).toBe(1);
  });

  it('chosen files become rows filled in from their names; key and mode only for 808s', async () => {
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('Kick_Hard_140bpm.wav'), wav('808_Glide_F#min_150.wav')]);
    expect(within(row(1)).getByRole('combobox', { name: 'Row 1 type' })).toHaveValue('Kicks');
    expect(within(row(1)).getByRole('textbox', { name: 'Row 1 BPM' })).toHaveValue('140');
    expect(within(row(1)).getByText('N/A')).toBeInTheDocument();
    expect(within(row(1)).queryByRole('combobox', { name: 'Row 1 key' })).not.toBeInTheDocument();
    expect(within(row(2)).getByRole('combobox', { name: 'Row 2 type' })).toHaveValue('808s');
    expect(within(row(2)).getByRole('combobox', { name: 'Row 2 key' })).toHaveValue('F#');
    expect(within(row(2)).getByRole('combobox', { name: 'Row 2 mode' })).toHaveValue('Minor');

    // Turning the kick into an 808 shows key and mode; turning the 808 into a snare hides and clears them.
    await user.selectOptions(within(row(1)).getByRole('combobox', { name: 'Row 1 type' }), '808s');
    expect(within(row(1)).getByRole('combobox', { name: 'Row 1 key' })).toHaveValue('');
    await user.selectOptions(within(row(2)).getByRole('combobox', { name: 'Row 2 type' }), 'Snares');
    expect(within(row(2)).getByText('N/A')).toBeInTheDocument();
    await user.selectOptions(within(row(2)).getByRole('combobox', { name: 'Row 2 type' }), '808s');
    expect(within(row(2)).getByRole('combobox', { name: 'Row 2 key' })).toHaveValue('');
  });

  it('offers the spec drum types with its labels', async () => {
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.click(screen.getByRole('button', { name: '+ Add Row' }));
    const options = within(within(row(1)).getByRole('combobox', { name: 'Row 1 type' })).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Type', '808s', 'Kicks', 'Snares', 'Hihats', 'Open Hats', 'Claps', 'Cymbal', 'Percussion', 'FX']);
  });

  it('a file that is not WAV is refused with the spec text, from the drop zone or a row', async () => {
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick.wav'), new File(['x'], 'hat.mp3', { type: 'audio/mpeg' })]);
    expect(screen.getByText('Only WAV files are allowed.')).toBeInTheDocument();
    expect(rowCount()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    await user.click(screen.getByRole('button', { name: '+ Add Row' }));
    await user.upload(within(row(1)).getByLabelText('Row 1 file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('Only WAV files are allowed.')).toBeInTheDocument();
    expect(within(row(1)).getByText('Choose WAV')).toBeInTheDocument();
  });

  it('files dragged over the page show the Drop Files Anywhere overlay, which takes the drop', () => {
    renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    const files = [wav('snr_tight_90.wav'), wav('hh_roll.wav')];
    const dataTransfer = { types: ['Files'], files };
    fireEvent.dragEnter(document.body, { dataTransfer });
    const overlay = screen.getByText('Drop Files Anywhere').closest('.page-drop')!;
    fireEvent.drop(overlay, { dataTransfer });
    expect(screen.queryByText('Drop Files Anywhere')).not.toBeInTheDocument();
    expect(within(row(1)).getByRole('combobox', { name: 'Row 1 type' })).toHaveValue('Snares');
    expect(within(row(1)).getByRole('textbox', { name: 'Row 1 BPM' })).toHaveValue('90');
    expect(within(row(2)).getByRole('combobox', { name: 'Row 2 type' })).toHaveValue('Hihats');
  });

  it('the overlay goes when the drag leaves, and ignores drags without files', () => {
    renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    fireEvent.dragEnter(document.body, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByText('Drop Files Anywhere')).not.toBeInTheDocument();
    fireEvent.dragEnter(document.body, { dataTransfer: { types: ['Files'], files: [] } });
    fireEvent.dragLeave(screen.getByText('Drop Files Anywhere').closest('.page-drop')!);
    expect(screen.queryByText('Drop Files Anywhere')).not.toBeInTheDocument();
  });

  describe('Copy From', () => {
    async function threeRows(user: User) {
      await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick_140.wav'), wav('808_Gm.wav'), wav('808_C.wav')]);
      await tagRow(user, 1, { genres: 'drill', artists: 'Central Cee', style: 'cold', tempo: 'sliding' });
      await user.selectOptions(within(row(2)).getByRole('combobox', { name: 'Row 2 mode' }), 'Minor');
    }

    it('copies all metadata from another row, keeping the file and type', async () => {
      const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
      await threeRows(user);
      await user.click(within(row(3)).getByRole('button', { name: 'Copy From' }));
      await user.click(within(within(row(3)).getByRole('group', { name: 'From Row 1' })).getByRole('button', { name: 'All metadata' }));
      expect(tagTexts(3, 'Genres')).toEqual(['drill']);
      expect(tagTexts(3, 'Artists')).toEqual(['Central Cee']);
      expect(tagTexts(3, 'Style')).toEqual(['cold']);
      expect(tagTexts(3, 'Tempo Style')).toEqual(['sliding']);
      expect(within(row(3)).getByRole('textbox', { name: 'Row 3 BPM' })).toHaveValue('140');
      expect(within(row(3)).getByRole('combobox', { name: 'Row 3 type' })).toHaveValue('808s');
      expect(within(row(3)).getByText('808_C.wav')).toBeInTheDocument();
      // The menu closed.
      expect(within(row(3)).queryByRole('group', { name: 'From Row 1' })).not.toBeInTheDocument();
    });

    it('copies one list only', async () => {
      const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
      await threeRows(user);
      await user.click(within(row(2)).getByRole('button', { name: 'Copy From' }));
      await user.click(within(within(row(2)).getByRole('group', { name: 'From Row 1' })).getByRole('button', { name: 'Style' }));
      expect(tagTexts(2, 'Style')).toEqual(['cold']);
      expect(tagTexts(2, 'Genres')).toEqual([]);
    });

    it('copies from this row to all rows', async () => {
      const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
      await threeRows(user);
      await user.click(within(row(1)).getByRole('button', { name: 'Copy From' }));
      await user.click(within(within(row(1)).getByRole('group', { name: 'To all rows' })).getByRole('button', { name: 'Genres' }));
      expect([tagTexts(1, 'Genres'), tagTexts(2, 'Genres'), tagTexts(3, 'Genres')]).toEqual([['drill'], ['drill'], ['drill']]);
      expect(tagTexts(2, 'Artists')).toEqual([]);
    });

    it('offers key and mode only between 808s rows', async () => {
      const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
      await threeRows(user);
      // The kick row: no Key/Mode anywhere.
      await user.click(within(row(1)).getByRole('button', { name: 'Copy From' }));
      expect(within(row(1)).queryByRole('button', { name: 'Key/Mode' })).not.toBeInTheDocument();
      await user.click(within(row(1)).getByRole('button', { name: 'Copy From' }));
      // An 808 row: from the other 808 and to all rows, not from the kick.
      await user.click(within(row(3)).getByRole('button', { name: 'Copy From' }));
      expect(within(within(row(3)).getByRole('group', { name: 'From Row 1' })).queryByRole('button', { name: 'Key/Mode' })).not.toBeInTheDocument();
      expect(within(within(row(3)).getByRole('group', { name: 'To all rows' })).getByRole('button', { name: 'Key/Mode' })).toBeInTheDocument();
      await user.click(within(within(row(3)).getByRole('group', { name: 'From Row 2' })).getByRole('button', { name: 'Key/Mode' }));
      expect(within(row(3)).getByRole('combobox', { name: 'Row 3 key' })).toHaveValue('G');
      expect(within(row(3)).getByRole('combobox', { name: 'Row 3 mode' })).toHaveValue('Minor');
      expect(within(row(1)).getByText('N/A')).toBeInTheDocument();
    });

    it('is disabled with a single row', async () => {
      const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
      await user.click(screen.getByRole('button', { name: '+ Add Row' }));
      expect(within(row(1)).getByRole('button', { name: 'Copy From' })).toBeDisabled();
    });
  });

  it('uploads the complete rows, says so, and resets the table to one empty row (requirements §P4), the incomplete row included', async () => {
    const { user, sent } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick_140.wav'), wav('808_F_min_140.wav'), wav('snare_90.wav')]);
    expect(uploadButton()).toBeDisabled();
    await tagRow(user, 1);
    expect(uploadButton()).toBeEnabled();
    await tagRow(user, 2, { genres: 'drill' });
    expect(screen.getByText(/2 of 3 rows ready/)).toBeInTheDocument();
    // The instruments start as the detected type and take what the producer adds.
    expect(within(row(1)).getByRole('list', { name: 'Row 1 instruments added' })).toHaveTextContent('Kicks');
    await user.type(within(row(1)).getByRole('textbox', { name: 'Row 1 instruments' }), 'rimshot{Enter}');
    await user.click(uploadButton());

    expect(await screen.findByText('Drum samples uploaded successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].operationName).toBe('UploadDrumSamples');
    const { files, entries } = sent[0].variables as { files: File[]; entries: unknown[] };
    expect(files.map((f) => f.name)).toEqual(['kick_140.wav', '808_F_min_140.wav']);
    expect(entries).toEqual([
      { fileIndex: 0, drumType: 'Kicks', genres: ['trap'], artists: ['Future'], instruments: ['Kicks', 'rimshot'], moods: ['dark'], tempoStyles: ['bouncy'], bpm: 140, key: null, mode: null },
      { fileIndex: 1, drumType: '808s', genres: ['drill'], artists: ['Future'], instruments: ['808s'], moods: ['dark'], tempoStyles: ['bouncy'], bpm: 140, key: 'F', mode: 'Minor' },
    ]);
    expect(rowCount()).toBe(1);
    expect(screen.queryByText('snare_90.wav')).not.toBeInTheDocument();
    expect(within(row(1)).getByText('Choose WAV')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it('after uploading every row the table starts again with one empty row', async () => {
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick_140.wav')]);
    await tagRow(user, 1);
    await user.click(uploadButton());
    expect(await screen.findByText('Drum samples uploaded successfully!')).toBeInTheDocument();
    expect(rowCount()).toBe(1);
    expect(within(row(1)).getByText('Choose WAV')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it.each<[string, string, ApiReply]>([
    ['HTTP 401', 'Unauthorized access. Please log in again.', { status: 401, body: { errors: [{ message: 'Invalid token.', extensions: { code: 'UNAUTHENTICATED' } }] } }],
    ['HTTP 403', 'Unauthorized access. Please log in again.', { status: 403, body: { error: 'Forbidden' } }],
    ['FORBIDDEN', 'Unauthorized access. Please log in again.', graphqlError('Not allowed.', 'FORBIDDEN')],
    ['HTTP 502', 'Failed to upload drum samples. Please try again.', { status: 502, body: {} }],
  ])('%s: says "%s" and keeps the rows', async (_case, text, reply) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => reply);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick_140.wav')]);
    await tagRow(user, 1);
    await user.click(uploadButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(within(row(1)).getByText('kick_140.wav')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('previews one row at a time; deleting the playing row stops it', async () => {
    stubPlayback();
    const { user } = renderWithUploadApi(<DrumUploadForm />, () => SUCCESS);
    await user.upload(screen.getByLabelText('Select WAV files'), [wav('kick.wav'), wav('snare.wav')]);
    await user.click(screen.getByRole('button', { name: 'Play kick.wav' }));
    await user.click(screen.getByRole('button', { name: 'Play snare.wav' }));
    expect(screen.getByRole('button', { name: 'Play kick.wav' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause snare.wav' })).toBeInTheDocument();
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    await user.click(screen.getByRole('button', { name: 'Delete Row 2' }));
    expect(pause).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Play kick.wav' }));
    expect(screen.getByRole('button', { name: 'Pause kick.wav' })).toBeInTheDocument();
  });
});
