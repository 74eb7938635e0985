import { FakeBackend, gqlError } from '../../../test/fake-backend';

export interface FakeSharedBeat {
  shareId: string;
  beatId: string;
  title: string;
  key: string;
  mode: string;
  bpm: number;
  structure: string;
  durationSeconds: number;
  peaks: number[];
  producers: Array<{ name: string; percent: number }>;
  /** Whether the signed-in test user shared it. */
  ownedBySignedIn: boolean;
  plays: number;
}

export function fakeSharedBeat(over: Partial<FakeSharedBeat> = {}): FakeSharedBeat {
  return {
    shareId: 'AbCdEfGhIjKlMnOpQrStUv',
    beatId: 'beat-1',
    title: 'Night Drive',
    key: 'F#',
    mode: 'Minor',
    bpm: 140,
    structure: 'IVCO',
    durationSeconds: 32,
    peaks: [0.1, 0.8, 0.4],
    producers: [{ name: 'Mara Keys', percent: 60 }, { name: 'Drum Lab', percent: 40 }],
    ownedBySignedIn: false,
    plays: 3,
    ...over,
  };
}

/** The api's public beat pages, answered as the sharing module does. */
export class SharingBackend extends FakeBackend {
  readonly shared = new Map<string, FakeSharedBeat>();
  readonly playReports: string[] = [];

  protected override moreResolvers(signedIn: boolean) {
    return {
      sharedBeat: ({ shareId }: { shareId: string }) => {
        if (!/^[A-Za-z0-9_-]{22}$/.test(shareId)) throw gqlError('That share link is not valid.', 'BAD_USER_INPUT');
        const beat = this.shared.get(shareId);
        if (!beat) throw gqlError('This beat is not shared.', 'NOT_FOUND');
        const owner = signedIn && beat.ownedBySignedIn;
        return {
          ...beat,
          audioUrl: `http://api.test/shared-beats/${shareId}/audio?exp=1&sig=s`,
          audioExpiresAt: '2026-11-28T00:00:00.000Z',
          viewerIsOwner: owner,
          beatId: owner ? beat.beatId : null,
          plays: owner ? beat.plays : null,
          url: `http://api.test/s/${shareId}`,
        };
      },
      recordSharedBeatPlay: ({ shareId }: { shareId: string }) => {
        this.playReports.push(shareId);
        return true;
      },
    };
  }
}
