import { act, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { MyBeatsDocument } from '../../../generated/graphql';
import { pageNavigation } from '../../../app/browser/page-navigation';
import { FakeWaveSurfer } from '../../player/test/fake-wavesurfer';
import { PROMPT_HINTS } from '../hooks/use-rotating-placeholder';
import { fakeBeat, GenerationBackend, STAGES, type FakeBeat } from '../test/generation-backend';
import { renderGenerator } from '../test/render-generator';

vi.mock('wavesurfer.js', () => import('../../player/test/fake-wavesurfer'));

const PROMPT = 'trap type beat with country drums';
const promptBox = () => screen.getByRole('textbox', { name: 'Describe your beat' });
const generateButton = () => screen.getByRole('button', { name: 'Generate' });
const balance = () => screen.getByText(/^Tokens Remaining: /).textContent;

async function submitPrompt(view: ReturnType<typeof renderGenerator>, prompt = PROMPT) {
  await view.user.type(promptBox(), prompt);
  await view.user.keyboard('{Enter}');
}

/** Generates a beat through the whole flow and waits for its player. */
async function generateBeat(view: ReturnType<typeof renderGenerator>, beat: FakeBeat = fakeBeat()) {
  await submitPrompt(view);
  await view.backend.subscribed('job-1');
  act(() => view.backend.succeed('job-1', beat));
  await screen.findByRole('article', { name: beat.title });
  return beat;
}

afterEach(() => {
  vi.useRealTimers();
  FakeWaveSurfer.instances = [];
});

describe('the prompt', () => {
  it('rotates the placeholder through the four hints every 5 seconds, then starts again', async () => {
    vi.useFakeTimers();
    renderGenerator();
    const seen = [promptBox().getAttribute('placeholder')];
    for (let i = 0; i < 4; i++) {
      await act(() => vi.advanceTimersByTimeAsync(4_900));
      expect(promptBox().getAttribute('placeholder')).toBe(seen[seen.length - 1]);
      await act(() => vi.advanceTimersByTimeAsync(100));
      seen.push(promptBox().getAttribute('placeholder'));
    }
    expect(seen).toEqual([...PROMPT_HINTS, PROMPT_HINTS[0]]);
  });

  it('submits on Enter, not on Shift+Enter, and sends the prompt as typed', async () => {
    const view = renderGenerator();
    await view.user.type(promptBox(), 'drill beat{Shift>}{Enter}{/Shift}dark');
    expect(view.backend.sent('GenerateBeat')).toHaveLength(0);
    expect(promptBox()).toHaveValue('drill beat\ndark');
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(view.backend.sent('GenerateBeat')).toHaveLength(1));
    expect(view.backend.sent('GenerateBeat')[0].variables).toEqual({ prompt: 'drill beat\ndark' });
  });

  it('ignores Enter and disables Generate while loading', async () => {
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    expect(generateButton()).toBeDisabled();
    await view.user.type(promptBox(), '{Enter}');
    await view.user.click(generateButton());
    expect(view.backend.sent('GenerateBeat')).toHaveLength(1);
    act(() => view.backend.succeed('job-1', fakeBeat()));
    await waitFor(() => expect(generateButton()).toBeEnabled());
  });
});

describe('generating', () => {
  it('shows the panel with the stage messages the api sends, and nothing moves them but the api', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    const panel = screen.getByRole('region', { name: 'Generating Your Beat' });
    expect(within(panel).getByText('Please wait while we craft your unique sound...')).toBeInTheDocument();
    const step = within(panel).getByRole('status');
    expect(step).toHaveTextContent('');

    act(() => view.backend.stage('job-1', 1));
    expect(step).toHaveTextContent(STAGES[0]);
    // Not a timer: ten quiet seconds leave the step where the api put it.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(step).toHaveTextContent(STAGES[0]);
    for (const stage of [2, 3, 4, 5]) {
      act(() => view.backend.stage('job-1', stage));
      expect(step).toHaveTextContent(STAGES[stage - 1]);
    }
    act(() => view.backend.succeed('job-1', fakeBeat()));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Generating Your Beat' })).not.toBeInTheDocument());
  });

  it('shows the beat: player, key, mode, BPM, structure and the contributed producers with percentages', async () => {
    const view = renderGenerator();
    const beat = await generateBeat(view, fakeBeat({ key: 'F#', mode: 'Major', bpm: 96.4, structure: 'IVC' }));
    const player = screen.getByRole('article', { name: beat.title });
    expect(within(player).getByText('Key').nextSibling).toHaveTextContent('F#');
    expect(within(player).getByText('Mode').nextSibling).toHaveTextContent('Major');
    expect(within(player).getByText('BPM').nextSibling).toHaveTextContent('96');
    expect(within(player).getByText('Intro')).toBeInTheDocument();
    expect(within(player).getByText('Verse')).toBeInTheDocument();
    expect(within(player).getByText('Chorus')).toBeInTheDocument();
    const producers = screen.getByRole('region', { name: 'Contributed Producers' });
    expect(within(producers).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Night Owl62.5%', 'Cowboy Loops37.5%']);
    await waitFor(() => expect(FakeWaveSurfer.latest().options.url).toBe(beat.audioUrl));
  });

  it('shows under the player, in one line, what the prompt was read as (ignored words last)', async () => {
    const view = renderGenerator();
    await generateBeat(view, fakeBeat({ reading: { summary: 'trap, dark, 140 BPM (ignored: blorp)', ignored: ['blorp'] } }));
    expect(screen.getByLabelText('How your prompt was read')).toHaveTextContent('Read as: trap, dark, 140 BPM (ignored: blorp)');
  });

  it('shows no reading line for a beat made before prompts were read by meaning', async () => {
    const view = renderGenerator();
    await generateBeat(view, fakeBeat({ reading: null }));
    expect(screen.queryByLabelText('How your prompt was read')).not.toBeInTheDocument();
  });

  it("drops My Account's cached list of beats when a new beat is made, so that list is never shown stale", async () => {
    const view = renderGenerator();
    const { cache } = view.backend.client;
    cache.writeQuery({ query: MyBeatsDocument, data: { myBeats: [] } });
    expect(cache.readQuery({ query: MyBeatsDocument })).toEqual({ myBeats: [] });
    await generateBeat(view);
    expect(cache.readQuery({ query: MyBeatsDocument })).toBeNull();
  });

  it('updates the header balance when the token is spent and again when a failed job refunds it', async () => {
    const view = renderGenerator();
    await screen.findByText('Tokens Remaining: 25');
    await submitPrompt(view);
    await screen.findByText('Tokens Remaining: 24');
    await view.backend.subscribed('job-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => view.backend.fail('job-1', 'No loops match that prompt yet.'));
    await screen.findByText('Tokens Remaining: 25');
    expect(balance()).toBe('Tokens Remaining: 25');
  });
});

describe('signed out', () => {
  it('asks the visitor to log in, and a submit alerts and starts the login without generating', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const view = renderGenerator({ signedIn: false });
    expect(screen.getByText('Please log in to use the beat generator.')).toBeInTheDocument();
    await submitPrompt(view);
    expect(alert).toHaveBeenCalledWith('You must be logged in to generate a beat.');
    expect(view.onSignIn).toHaveBeenCalledTimes(1);
    expect(view.backend.sent('GenerateBeat')).toHaveLength(0);
  });
});

describe('level gating', () => {
  it('disables Make Full Beat and Edit Beat Sections below level 2', async () => {
    const view = renderGenerator();
    await generateBeat(view);
    expect(screen.getByRole('button', { name: 'Make Full Beat' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Edit Beat Sections/ })).toBeDisabled();
    expect(screen.getByText(/Full beats and section editing come with Early Access Premium/)).toBeInTheDocument();
  });

  it('enables them from level 2, with Change Drums, Remove Drums, Set Global Drums and Set Section Energy', async () => {
    const backend = new GenerationBackend();
    backend.user.subscriptionLevel = 2;
    const view = renderGenerator({ backend });
    await generateBeat(view);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Full Beat' })).toBeEnabled());
    await view.user.click(screen.getByRole('button', { name: 'Edit Beat Sections' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Change Drums', 'Remove Drums', 'Set Global Drums', 'Set Section Energy']);
  });
});

describe('full beat and edits', () => {
  const levelTwo = () => {
    const backend = new GenerationBackend();
    backend.user.subscriptionLevel = 2;
    return backend;
  };

  it('makes the full beat: the player shows its audio and whole structure', async () => {
    const view = renderGenerator({ backend: levelTwo() });
    const first = await generateBeat(view);
    await view.user.click(await screen.findByRole('button', { name: 'Make Full Beat' }));
    await waitFor(() => expect(view.backend.sent('MakeFullBeat')).toHaveLength(1));
    expect(view.backend.sent('MakeFullBeat')[0].variables).toEqual({ beatId: first.id });
    await view.backend.subscribed('job-2');
    expect(screen.getByRole('region', { name: 'Generating Your Beat' })).toBeInTheDocument();
    const full = fakeBeat({ kind: 'full', structure: 'IVCVCBCO', title: 'Trap Type Beat (Full)' });
    act(() => view.backend.succeed('job-2', full));
    const player = await screen.findByRole('article', { name: full.title });
    expect(within(player).getAllByText('Chorus')).toHaveLength(3);
    await waitFor(() => expect(FakeWaveSurfer.latest().options.url).toBe(full.audioUrl));
  });

  it('applies a remove edit: the editor closes, the mutation names the sections, the player shows the new beat', async () => {
    const view = renderGenerator({ backend: levelTwo() });
    const first = await generateBeat(view);
    await view.user.click(await screen.findByRole('button', { name: 'Edit Beat Sections' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Remove Drums' }));
    const editor = screen.getByRole('region', { name: 'Remove Drums' });
    // One card per section of the structure.
    expect(within(editor).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Intro Section 1',
      'Verse Section 2',
      'Chorus Section 3',
    ]);
    await view.user.click(within(editor).getByRole('button', { name: 'Kicks in Verse (section 2)' }));
    await view.user.click(within(editor).getByRole('button', { name: 'Hihats in Chorus (section 3)' }));
    await view.user.click(within(editor).getByRole('button', { name: 'Apply Changes' }));
    expect(screen.queryByRole('region', { name: 'Remove Drums' })).not.toBeInTheDocument();
    await waitFor(() => expect(view.backend.sent('RemoveDrums')).toHaveLength(1));
    expect(view.backend.sent('RemoveDrums')[0].variables).toEqual({
      beatId: first.id,
      sections: [
        { section: 1, drums: ['Kicks'] },
        { section: 2, drums: ['Hihats'] },
      ],
    });
    await view.backend.subscribed('job-2');
    const edited = fakeBeat({ kind: 'edit', title: 'Trap Type Beat (Edited)', key: 'C', mode: 'Major', bpm: 150, producers: [{ name: 'Night Owl', percent: 100 }] });
    act(() => view.backend.succeed('job-2', edited));
    const player = await screen.findByRole('article', { name: edited.title });
    expect(screen.queryByRole('article', { name: first.title })).not.toBeInTheDocument();
    expect(within(player).getByText('Key').nextSibling).toHaveTextContent('C');
    expect(within(player).getByText('Mode').nextSibling).toHaveTextContent('Major');
    expect(within(player).getByText('BPM').nextSibling).toHaveTextContent('150');
    expect(within(screen.getByRole('region', { name: 'Contributed Producers' })).getByText('100%')).toBeInTheDocument();
    await waitFor(() => expect(FakeWaveSurfer.latest().options.url).toBe(edited.audioUrl));
  });

  it('in global mode sends each drum from the one section it was last chosen in', async () => {
    const view = renderGenerator({ backend: levelTwo() });
    await generateBeat(view);
    await view.user.click(await screen.findByRole('button', { name: 'Edit Beat Sections' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Set Global Drums' }));
    const editor = screen.getByRole('region', { name: 'Set Global Drums' });
    const verseKicks = within(editor).getByRole('button', { name: 'Kicks in Verse (section 2)' });
    const chorusKicks = within(editor).getByRole('button', { name: 'Kicks in Chorus (section 3)' });
    await view.user.click(verseKicks);
    expect(verseKicks).toHaveAttribute('aria-pressed', 'true');
    await view.user.click(chorusKicks);
    expect(chorusKicks).toHaveAttribute('aria-pressed', 'true');
    expect(verseKicks).toHaveAttribute('aria-pressed', 'false');
    await view.user.click(within(editor).getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(view.backend.sent('SetGlobalDrums')).toHaveLength(1));
    expect(view.backend.sent('SetGlobalDrums')[0].variables.sections).toEqual([{ section: 2, drums: ['Kicks'] }]);
  });

  it('sets a section\'s energy with Set Section Energy: only the changed sections are sent', async () => {
    const view = renderGenerator({ backend: levelTwo() });
    await generateBeat(view);
    await view.user.click(await screen.findByRole('button', { name: 'Edit Beat Sections' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Set Section Energy' }));
    const editor = screen.getByRole('region', { name: 'Set Section Energy' });
    const chorus = within(editor).getByRole('radiogroup', { name: 'Energy of Chorus (section 3)' });
    expect(within(chorus).getByRole('radio', { name: 'As generated' })).toHaveAttribute('aria-checked', 'true');
    await view.user.click(within(chorus).getByRole('radio', { name: 'Much fuller' }));
    await view.user.click(within(editor).getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(view.backend.sent('SetSectionEnergy')).toHaveLength(1));
    expect(view.backend.sent('SetSectionEnergy')[0].variables.sections).toEqual([{ section: 2, energy: 2 }]);
    expect(screen.queryByRole('region', { name: 'Set Section Energy' })).not.toBeInTheDocument();
  });

  it('swaps drums with Change Drums, and Cancel closes the editor without a request', async () => {
    const view = renderGenerator({ backend: levelTwo() });
    await generateBeat(view);
    await view.user.click(await screen.findByRole('button', { name: 'Edit Beat Sections' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Change Drums' }));
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Change Drums' })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Edit Beat Sections' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Change Drums' }));
    const editor = screen.getByRole('region', { name: 'Change Drums' });
    // The intro has no kick: nothing to swap there.
    expect(within(editor).getByRole('button', { name: 'Kicks in Intro (section 1)' })).toBeDisabled();
    await view.user.click(within(editor).getByRole('button', { name: '808s in Verse (section 2)' }));
    await view.user.click(within(editor).getByRole('button', { name: '808s in Chorus (section 3)' }));
    await view.user.click(within(editor).getByRole('button', { name: 'Apply Changes' }));
    await waitFor(() => expect(view.backend.sent('ChangeDrums')).toHaveLength(1));
    expect(view.backend.sent('ChangeDrums')[0].variables.sections).toEqual([
      { section: 1, drums: ['808s'] },
      { section: 2, drums: ['808s'] },
    ]);
  });
});

describe('opening a saved beat', () => {
  it('loads the beat named by My Account and fills in its prompt', async () => {
    const backend = new GenerationBackend();
    const saved = fakeBeat({ prompt: 'lofi study beat', title: 'Lofi Study Beat' });
    backend.beats.set(saved.id, saved);
    renderGenerator({ backend, openBeatId: saved.id });
    await screen.findByRole('article', { name: 'Lofi Study Beat' });
    expect(promptBox()).toHaveValue('lofi study beat');
    expect(backend.sent('Beat')[0].variables).toEqual({ id: saved.id });
    expect(backend.sent('RegenerateBeat')).toHaveLength(0);
  });
});

describe('regenerating a saved beat (My Account\'s Regenerate)', () => {
  it('asks the api for a new beat from the saved one, without opening the saved one', async () => {
    const backend = new GenerationBackend();
    const saved = fakeBeat({ prompt: 'lofi study beat', title: 'Lofi Study Beat' });
    backend.beats.set(saved.id, saved);
    renderGenerator({ backend, beatAction: { kind: 'regenerate', beatId: saved.id } });
    await waitFor(() => expect(backend.sent('RegenerateBeat')).toHaveLength(1));
    expect(backend.sent('RegenerateBeat')[0].variables).toEqual({ beatId: saved.id });
    expect(backend.sent('Beat').filter((op) => op.variables.id === saved.id)).toHaveLength(0);
  });

  it('Failed to regenerate beat. Please try again. when the api cannot regenerate it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new GenerationBackend();
    backend.overrides.set('regenerateBeat', () => {
      throw new GraphQLError('worker crashed', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    });
    renderGenerator({ backend, beatAction: { kind: 'regenerate', beatId: 'beat-1' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to regenerate beat. Please try again.');
  });
});

describe('the error catalogue (requirements §L8)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const alertText = async (text: string) => expect(await screen.findByRole('alert')).toHaveTextContent(text);

  it('No audio URL received from server: the job succeeded without a beat', async () => {
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    act(() => view.backend.succeed('job-1', null));
    await alertText('No audio URL received from server');
  });

  it("a failed job's error is shown as the api wrote it", async () => {
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    act(() => view.backend.fail('job-1', 'There are no loops in the catalogue yet.'));
    await alertText('There are no loops in the catalogue yet.');
  });

  it('Generation timed out. Please try again. and a reload 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    act(() => view.backend.stage('job-1', 1));
    // The job keeps reporting it is queued-or-running at the same stage; the deadline ends the wait.
    view.backend.jobs.set('job-1', { ...view.backend.jobs.get('job-1')!, status: 'queued', stage: 0 });
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    await alertText('Generation timed out. Please try again.');
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Connection was interrupted. Please try again. when the socket closes mid-job, and a reload 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    act(() => view.backend.stage('job-1', 2));
    act(() => view.backend.breakStream('job-1', new Error('Socket closed with event 1006 ')));
    await alertText('Connection was interrupted. Please try again.');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Network error. Please check your connection and try again. when the request never reaches the api', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    const backend = new GenerationBackend();
    backend.overrides.set('generateBeat', () => {
      throw new TypeError('Failed to fetch');
    });
    const view = renderGenerator({ backend });
    await submitPrompt(view);
    await alertText('Network error. Please check your connection and try again.');
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows a message containing Insufficient credits as is', async () => {
    const backend = new GenerationBackend();
    backend.user.tokensRemaining = 0;
    const view = renderGenerator({ backend });
    await submitPrompt(view);
    await alertText('Insufficient credits: you have no tokens left. Tokens refresh each billing cycle.');
  });

  it('Progress updates stalled. Please try again. when a running job stops moving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = renderGenerator();
    await submitPrompt(view);
    await view.backend.subscribed('job-1');
    act(() => view.backend.stage('job-1', 2));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    await alertText('Progress updates stalled. Please try again.');
    expect(view.backend.sent('GenerationJob')).toHaveLength(1);
  });

  it('An unexpected error occurred. Please try again. when the api answers without a job', async () => {
    const backend = new GenerationBackend();
    backend.overrides.set('generateBeat', () => ({ id: 'job-x', status: 'queued', stage: 0, message: null, beatId: null, error: null, errorCode: null }));
    const view = renderGenerator({ backend });
    // The stream answers with something no transport should: a plain error.
    await submitPrompt(view);
    await view.backend.subscribed('job-x');
    act(() => view.backend.breakStream('job-x', new RangeError('Invalid array length')));
    await alertText('An unexpected error occurred. Please try again.');
  });

  it('Failed to generate beat. Please try again. when the api fails without words for people', async () => {
    const backend = new GenerationBackend();
    backend.overrides.set('generateBeat', () => {
      throw new GraphQLError('relation "beats" does not exist', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    });
    const view = renderGenerator({ backend });
    await submitPrompt(view);
    await alertText('Failed to generate beat. Please try again.');
  });

  it('Failed to fetch beat structure. when a saved beat cannot be opened (and it is logged)', async () => {
    renderGenerator({ openBeatId: 'beat-gone' });
    await alertText('Failed to fetch beat structure.');
    expect(console.error).toHaveBeenCalledWith('Failed to fetch beat structure.', expect.anything());
  });

  describe('full beat', () => {
    async function startFullBeat(backend = new GenerationBackend()) {
      backend.user.subscriptionLevel = 2;
      const view = renderGenerator({ backend });
      await generateBeat(view);
      await view.user.click(await screen.findByRole('button', { name: 'Make Full Beat' }));
      return view;
    }

    it('Request timed out after 5 minutes. Please try again.', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
      const view = await startFullBeat();
      await view.backend.subscribed('job-2');
      act(() => view.backend.stage('job-2', 1));
      view.backend.jobs.set('job-2', { ...view.backend.jobs.get('job-2')!, status: 'queued', stage: 0 });
      await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
      await alertText('Request timed out after 5 minutes. Please try again.');
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it("shows the failed job's message, or An error occurred during full beat generation. without one", async () => {
      const view = await startFullBeat();
      await view.backend.subscribed('job-2');
      act(() => view.backend.fail('job-2', 'The loops of this beat are no longer in the catalogue.'));
      await alertText('The loops of this beat are no longer in the catalogue.');

      await view.user.click(screen.getByRole('button', { name: 'Make Full Beat' }));
      await view.backend.subscribed('job-3');
      act(() => view.backend.fail('job-3', null, null));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred during full beat generation.'));
    });

    it('Failed to create full beat. Please try again. when the request fails without words for people', async () => {
      const backend = new GenerationBackend();
      backend.overrides.set('makeFullBeat', () => {
        throw new GraphQLError('connection reset', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      });
      await startFullBeat(backend);
      await alertText('Failed to create full beat. Please try again.');
    });
  });
});
