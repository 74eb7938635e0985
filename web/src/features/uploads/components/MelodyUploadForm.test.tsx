import { act, screen, within } from '@testing-library/react';
import { graphqlError, renderWithUploadApi, stubPlayback, wav, type ApiReply } from '../test/upload-api';
import { MelodyUploadForm } from './MelodyUploadForm';

const SUCCESS: ApiReply = {
  status: 200,
  body: { data: { uploadMelodySamples: { message: 'Files uploaded successfully!', composition: { id: 'c1', bpm: 140, bpmMismatch: false } } } },
};

const submitButton = () => screen.getByRole('button', { name: /^(Select Files to Upload|Add .+|Select .+|Upload Samples)$/ });
const filesInput = () => screen.getByLabelText('Select WAV files');

async function fillForm(user: ReturnType<typeof renderWithUploadApi>['user'], files = [wav('keys.wav'), wav('pad.wav')]) {
  await user.upload(filesInput(), files);
  await user.type(screen.getByRole('textbox', { name: 'Artists' }), 'Metro Boomin{Enter}');
  await user.type(screen.getByRole('textbox', { name: 'Instruments' }), 'piano,strings,');
  await user.type(screen.getByRole('textbox', { name: 'Genres' }), 'trap{Enter}');
  await user.type(screen.getByRole('textbox', { name: 'Moods' }), 'dark{Enter}');
  await user.type(screen.getByRole('textbox', { name: 'Tempo Style' }), 'half-time{Enter}');
  await user.type(screen.getByRole('textbox', { name: 'BPM' }), '140');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Key' }), 'F#');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Minor');
}

describe('Upload Melody Samples form', () => {
  it('the submit label names the next missing item, in the spec order, and stays disabled until nothing is missing', async () => {
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    const expectLabel = (label: string, enabled = false) => {
      expect(submitButton()).toHaveTextContent(label);
      if (enabled) expect(submitButton()).toBeEnabled();
      else expect(submitButton()).toBeDisabled();
    };
    expectLabel('Select Files to Upload');
    await user.upload(filesInput(), [wav('keys.wav')]);
    expectLabel('Add Artists');
    await user.type(screen.getByRole('textbox', { name: 'Artists' }), 'Drake{Enter}');
    expectLabel('Add Instruments');
    await user.type(screen.getByRole('textbox', { name: 'Instruments' }), 'piano{Enter}');
    expectLabel('Add Genres');
    await user.type(screen.getByRole('textbox', { name: 'Genres' }), 'trap,');
    expectLabel('Add Moods');
    await user.type(screen.getByRole('textbox', { name: 'Moods' }), 'dark{Enter}');
    expectLabel('Add Tempo Style');
    await user.type(screen.getByRole('textbox', { name: 'Tempo Style' }), 'bouncy{Enter}');
    expectLabel('Add BPM');
    await user.type(screen.getByRole('textbox', { name: 'BPM' }), '140');
    expectLabel('Select Key');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Key' }), 'C');
    expectLabel('Select Mode');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'Major');
    expectLabel('Upload Samples', true);
    // Removing a tag brings its step back.
    await user.click(screen.getByRole('button', { name: 'Remove trap' }));
    expectLabel('Add Genres');
  });

  it('BPM takes digits only; empty BPM, key and mode are marked; Mode says Required', async () => {
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    const bpm = screen.getByRole('textbox', { name: 'BPM' });
    expect(bpm).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Key' })).toHaveAttribute('aria-invalid', 'true');
    const mode = screen.getByRole('combobox', { name: 'Mode' });
    expect(mode).toHaveAttribute('aria-invalid', 'true');
    expect(within(mode).getByRole('option', { name: 'Required' })).toHaveValue('');
    expect(screen.getByText('*')).toBeInTheDocument();
    await user.type(bpm, '1a4-0');
    expect(bpm).toHaveValue('140');
    expect(bpm).toHaveAttribute('aria-invalid', 'false');
    await user.clear(bpm);
    await user.type(bpm, '300');
    expect(screen.getByText('BPM must be between 40 and 250.')).toBeInTheDocument();
  });

  it('one file that is not WAV rejects the whole batch with the spec text', async () => {
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    await user.upload(filesInput(), [wav('keys.wav'), new File(['x'], 'loop.mp3', { type: 'audio/mpeg' })]);
    expect(screen.getByText('Only WAV files are allowed.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    await user.upload(filesInput(), [wav('keys.wav')]);
    expect(screen.queryByText('Only WAV files are allowed.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Selected files' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('lists each file once with a remove action', async () => {
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    const keys = wav('keys.wav');
    await user.upload(filesInput(), [keys, wav('pad.wav')]);
    await user.upload(filesInput(), [keys]);
    const list = screen.getByRole('list', { name: 'Selected files' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('keys.wav'), expect.stringContaining('pad.wav')]);
    await user.click(screen.getByRole('button', { name: 'Remove keys.wav' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('previews one file at a time; removing the playing file stops it', async () => {
    stubPlayback();
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    await user.upload(filesInput(), [wav('keys.wav'), wav('pad.wav')]);
    await user.click(screen.getByRole('button', { name: 'Play keys.wav' }));
    expect(screen.getByRole('button', { name: 'Pause keys.wav' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play pad.wav' }));
    expect(screen.getByRole('button', { name: 'Play keys.wav' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause pad.wav' })).toBeInTheDocument();
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    await user.click(screen.getByRole('button', { name: 'Remove pad.wav' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /^Pause / })).not.toBeInTheDocument();
  });

  it('uploads the files and tags as one GraphQL multipart request, says so and starts again', async () => {
    const { user, sent } = renderWithUploadApi(<MelodyUploadForm />, () => SUCCESS);
    const files = [wav('keys.wav'), wav('pad.wav')];
    await fillForm(user, files);
    await user.click(screen.getByRole('button', { name: 'Upload Samples' }));

    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].operationName).toBe('UploadMelodySamples');
    expect(sent[0].headers.get('authorization')).toBe('Bearer token-1');
    const { files: sentFiles, input } = sent[0].variables as { files: File[]; input: unknown };
    expect(sentFiles.map((f) => f.name)).toEqual(['keys.wav', 'pad.wav']);
    expect(input).toEqual({
      artists: ['Metro Boomin'], instruments: ['piano', 'strings'], genres: ['trap'], moods: ['dark'], tempoStyles: ['half-time'], bpm: 140, key: 'F#', mode: 'Minor',
    });
    expect(submitButton()).toHaveTextContent('Select Files to Upload');
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
  });

  it.each<[string, string, ApiReply]>([
    ['HTTP 401', 'Unauthorized access. Please log in again.', { status: 401, body: { errors: [{ message: 'Invalid or expired access token.', extensions: { code: 'UNAUTHENTICATED' } }] } }],
    ['HTTP 403', 'Unauthorized access. Please log in again.', { status: 403, body: { error: 'Forbidden' } }],
    ['UNAUTHENTICATED', 'Unauthorized access. Please log in again.', graphqlError('You must be signed in.', 'UNAUTHENTICATED')],
    ['HTTP 500', 'Failed to upload files. Please try again.', { status: 500, body: { error: 'boom' } }],
  ])('%s: says "%s" and keeps the form', async (_case, text, reply) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => reply);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Samples' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Samples' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Uploading in Progress' })).not.toBeInTheDocument();
  });

  it('a refused file shows the api reason under the spec text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithUploadApi(<MelodyUploadForm />, () => graphqlError('"pad.wav" is not a WAV file.', 'BAD_USER_INPUT'));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Upload Samples' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to upload files. Please try again.');
    expect(alert).toHaveTextContent('"pad.wav" is not a WAV file.');
  });

  describe('while uploading', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('blocks the page with the uploading modal and turns its message every 3 seconds', async () => {
      let answer: (reply: ApiReply) => void = () => undefined;
      const { user } = renderWithUploadApi(<MelodyUploadForm />, () => new Promise<ApiReply>((resolve) => (answer = resolve)), {
        advanceTimers: vi.advanceTimersByTime,
      });
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: 'Upload Samples' }));

      const dialog = await screen.findByRole('dialog', { name: 'Uploading in Progress' });
      expect(dialog).toHaveTextContent('Please wait while your files are being uploaded...');
      expect(within(dialog).getByText('Hold tight...')).toBeInTheDocument();
      // Blocking: no close button, and Escape does not close it.
      expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Uploading in Progress' })).toBeInTheDocument();

      const seen = [];
      for (let i = 0; i < 5; i++) {
        act(() => {
          vi.advanceTimersByTime(3000);
        });
        seen.push(within(dialog).getByText(/\.\.\.$/, { selector: '.uploading__message' }).textContent);
      }
      expect(seen).toEqual(['Checking your music files...', 'Processing your music into our model...', 'Almost there...', 'Tuning the perfect pitch...', 'Hold tight...']);

      await act(async () => answer(SUCCESS));
      expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Uploading in Progress' })).not.toBeInTheDocument();
    });
  });
});
