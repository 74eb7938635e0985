import { useEffect, useRef, useState } from 'react';
import { Banner } from '../../../ui/banner/Banner';
import { useMe } from '../../account/hooks/use-me';
import type { BeatAction } from '../../beats/open-beat-state';
import { SectionEditor } from '../../editor/components/SectionEditor';
import { SectionEnergyEditor } from '../../editor/components/SectionEnergyEditor';
import { LicensableBeatPlayer } from '../../licences/components/LicensableBeatPlayer';
import { ShareBeatPanel } from '../../sharing/components/ShareBeatPanel';
import { GENERATION_MESSAGES } from '../generation-errors';
import { useBeatGeneration } from '../hooks/use-beat-generation';
import { BeatActions, type EditorMode } from './BeatActions';
import { ContributedProducers } from './ContributedProducers';
import { GenerationPanel } from './GenerationPanel';
import { PromptForm } from './PromptForm';
import { PromptReadingLine } from './PromptReadingLine';
import './Generator.css';

/** Requirements §L2: what a signed-out visitor reads on the generator. */
export const SIGNED_OUT_MESSAGE = 'Please log in to use the beat generator.';

export interface GeneratorScreenProps {
  readonly signedIn: boolean;
  /** Sends the visitor to the sign-in page. */
  readonly onSignIn: () => void;
  /** The api refused the session: alert its message, then log out. */
  readonly onUnauthenticated: (error: Error) => void;
  /** A saved beat to open or regenerate (My Account's Generated Beats), once. */
  readonly beatAction?: BeatAction | null;
  /** The beat action has started: the page drops it, so a reload does not run it again. */
  readonly onBeatActionStarted?: () => void;
}

/**
 * The generator (requirements §L2, §4): prompt, the live progress of the job, the beat player, its
 * producers, Make Full Beat and the section editor; every failure in the spec's words.
 */
export function GeneratorScreen({ signedIn, onSignIn, onUnauthenticated, beatAction = null, onBeatActionStarted }: GeneratorScreenProps) {
  const { data: me } = useMe({ skip: !signedIn });
  const level = me?.me.subscriptionLevel ?? 0;
  const generation = useBeatGeneration({ onUnauthenticated });
  const { state, beat, clearError } = generation;
  const [prompt, setPrompt] = useState('');
  const [editMode, setEditMode] = useState<EditorMode | null>(null);
  // The beat whose Purchase Rights opens once it shows (back from completing the profile to license it).
  const [licenceBeatId, setLicenceBeatId] = useState<string | null>(null);

  // A saved beat is opened, or regenerated (1 token), once per action, when the session allows it.
  const handled = useRef<string | null>(null);
  const { openBeat, regenerate } = generation;
  const actionKind = beatAction?.kind ?? null;
  const actionBeatId = beatAction?.beatId ?? null;
  const actionGetLicense = beatAction?.getLicense === true;
  useEffect(() => {
    if (!signedIn || !actionKind || !actionBeatId) return;
    const key = `${actionKind}:${actionBeatId}`;
    if (handled.current === key) return;
    handled.current = key;
    setEditMode(null);
    onBeatActionStarted?.();
    const done = actionKind === 'regenerate' ? regenerate(actionBeatId) : openBeat(actionBeatId);
    void done.then((found) => {
      if (!found) return;
      setPrompt(found.prompt);
      if (actionKind === 'open' && actionGetLicense) setLicenceBeatId(found.id);
    });
  }, [signedIn, actionKind, actionBeatId, actionGetLicense, openBeat, regenerate, onBeatActionStarted]);

  const submit = () => {
    if (!signedIn) {
      // Requirements §L4, §8: not logged in gives an alert and a login redirect.
      window.alert(GENERATION_MESSAGES.loggedOut);
      onSignIn();
      return;
    }
    setEditMode(null);
    void generation.generate(prompt);
  };

  const makeFullBeat = () => {
    if (!beat) return;
    setEditMode(null);
    void generation.makeFullBeat(beat.id);
  };

  const apply = (sections: Array<{ section: number; drums: string[] }>) => {
    if (!beat || !editMode || editMode === 'energy') return;
    const mode = editMode;
    // Requirements §L4: Apply starts loading, closes the editor and calls the matching endpoint.
    setEditMode(null);
    void generation.applyEdit(beat.id, mode, sections);
  };

  const applyEnergy = (sections: Array<{ section: number; energy: number }>) => {
    if (!beat) return;
    setEditMode(null);
    void generation.applyEnergy(beat.id, sections);
  };

  const shownBeat = signedIn ? beat : null;

  return (
    <div className="generator">
      <div className="generator__intro">
        <h1 className="generator__title">Generate a Beat</h1>
        <p className="generator__lead">Type an artist, a genre or a vibe. Your beat is built from loops real producers contributed.</p>
      </div>

      <PromptForm value={prompt} onChange={setPrompt} onSubmit={submit} loading={state.loading} />

      {!signedIn && (
        <p className="generator__signed-out" role="note">
          {SIGNED_OUT_MESSAGE}
        </p>
      )}

      {state.error && (
        <Banner key={state.errorCount} tone="error" onDismiss={clearError} autoHide>
          {state.error}
        </Banner>
      )}

      {state.loading && <GenerationPanel stage={state.stage} message={state.message} />}

      {shownBeat && (
        <div className="generator__result">
          <div className="generator__main">
            <LicensableBeatPlayer key={shownBeat.id} beat={shownBeat} openPurchaseRights={licenceBeatId === shownBeat.id} />
            {shownBeat.reading && <PromptReadingLine summary={shownBeat.reading.summary} />}
          </div>
          <div className="generator__side">
            <ContributedProducers producers={shownBeat.producers} />
            <ShareBeatPanel key={`share-${shownBeat.id}`} beatId={shownBeat.id} />
            <BeatActions
              level={level}
              loading={state.loading}
              onMakeFullBeat={makeFullBeat}
              onEdit={(mode) => setEditMode(mode)}
            />
          </div>
          {editMode === 'energy' && (
            <div className="generator__editor">
              <SectionEnergyEditor
                key={`${shownBeat.id}-energy`}
                sections={shownBeat.sections}
                loading={state.loading}
                onCancel={() => setEditMode(null)}
                onApply={applyEnergy}
              />
            </div>
          )}
          {editMode && editMode !== 'energy' && (
            <div className="generator__editor">
              <SectionEditor
                key={`${shownBeat.id}-${editMode}`}
                mode={editMode}
                sections={shownBeat.sections}
                loading={state.loading}
                onCancel={() => setEditMode(null)}
                onApply={apply}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
