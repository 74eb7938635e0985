import { FakeBackend, gqlError } from '../../../test/fake-backend';

export interface FakeLicenceFile {
  kind: 'MP3' | 'WAV' | 'STEMS' | 'DOCUMENT';
  fileName: string;
  bytes: number;
}

export interface FakeLicence {
  id: string;
  beatId: string;
  beatTitle: string;
  tier: string;
  tierTitle: string;
  priceCents: number;
  currency: string;
  status: 'VALID' | 'REFUNDED' | 'SUPERSEDED';
  issuedAt: string;
  producers: Array<{ name: string; shareBasisPoints: number }>;
  filesReady: boolean;
  files: FakeLicenceFile[];
  verifyUrl: string;
}

export interface FakeCheckoutState {
  sessionId: string;
  status: 'OPEN' | 'PAID' | 'REFUND_PENDING' | 'REFUNDED' | 'EXPIRED';
  tier: string;
  priceCents: number;
  refundReason: string | null;
  /** The licence id, once issued. */
  licenceId: string | null;
}

export interface FakeNotice {
  id: string;
  kind: string;
  message: string;
  licenceId: string | null;
  createdAt: string;
  read: boolean;
}

const TITLES: Record<string, string> = {
  standard: 'Standard Lease', advanced: 'Advanced Lease', excindie: 'Exclusive Rights (Indie)', exclabel: 'Exclusive Rights (Label)',
};

/** The files a tier delivers, as the api lists them once they are ready. */
export function filesOf(tier: string, title = 'Night Drive'): FakeLicenceFile[] {
  const files: FakeLicenceFile[] = [
    { kind: 'MP3', fileName: `${title}.mp3`, bytes: 7_700_000 },
    { kind: 'WAV', fileName: `${title}.wav`, bytes: 31_700_000 },
  ];
  if (tier !== 'standard') files.push({ kind: 'STEMS', fileName: `${title} - stems.zip`, bytes: 190_000_000 });
  files.push({ kind: 'DOCUMENT', fileName: `${title} - licence.pdf`, bytes: 61_000 });
  return files;
}

let licenceCount = 0;

/** A licence as the api presents it; `over` replaces any field. */
export function fakeLicence(over: Partial<FakeLicence> = {}): FakeLicence {
  licenceCount += 1;
  const id = over.id ?? `lic-${licenceCount}`;
  const tier = over.tier ?? 'advanced';
  return {
    id,
    beatId: 'beat-1',
    beatTitle: 'Night Drive',
    tier,
    tierTitle: TITLES[tier] ?? tier,
    priceCents: 7999,
    currency: 'usd',
    status: 'VALID',
    issuedAt: '2026-11-25T18:00:00.000Z',
    producers: [
      { name: 'Night Owl', shareBasisPoints: 6250 },
      { name: 'Cowboy Loops', shareBasisPoints: 3750 },
    ],
    filesReady: true,
    files: filesOf(tier, over.beatTitle ?? 'Night Drive'),
    verifyUrl: `http://web.test/licenses/verify/${id}`,
    ...over,
  };
}

type Resolver = (args: never) => unknown;

/**
 * The fake network of the web tests plus the licence operations answered as the api does: the
 * holder's licences, the success page's checkout state, notices, the public verification, and the
 * short-lived download links (signed for the holder; the browser, not the page, fetches them).
 */
export class LicencesBackend extends FakeBackend {
  readonly licences = new Map<string, FakeLicence>();
  readonly checkouts = new Map<string, FakeCheckoutState>();
  notices: FakeNotice[] = [];
  /** Verification answers by licence id; by default made from `licences` with a masked buyer. */
  readonly verifications = new Map<string, Record<string, unknown>>();
  /** Replaces a resolver (e.g. to throw, or to answer differently on each call). */
  readonly overrides = new Map<string, Resolver>();
  /** Holds an operation's answer until the promise settles (to see a page while it loads). */
  readonly gates = new Map<string, Promise<void>>();

  protected override moreResolvers(signedIn: boolean): Record<string, Resolver> {
    const requireUser = () => {
      if (!signedIn) throw gqlError('You must be signed in.', 'UNAUTHENTICATED');
    };
    const licenceOf = (id: string) => {
      const licence = this.licences.get(id);
      if (!licence) throw gqlError('That licence does not exist.', 'NOT_FOUND');
      return licence;
    };
    const defaults: Record<string, Resolver> = {
      myLicences: () => (requireUser(), [...this.licences.values()].reverse()),
      licenceForCheckoutSession: ({ sessionId }: { sessionId: string }) => {
        requireUser();
        const state = this.checkouts.get(sessionId);
        if (!state) throw gqlError('That checkout does not exist.', 'NOT_FOUND');
        return { ...state, licence: state.licenceId ? licenceOf(state.licenceId) : null };
      },
      licenceVerification: ({ id }: { id: string }) => {
        const answer = this.verifications.get(id);
        if (answer) return answer;
        const licence = licenceOf(id);
        return { ...licence, maskedBuyerName: 'D*** M***' };
      },
      requestLicenceDownload: ({ licenceId, file }: { licenceId: string; file: string }) => {
        requireUser();
        const licence = licenceOf(licenceId);
        const found = licence.files.find((f) => f.kind === file);
        if (!found) throw gqlError('This licence does not include stems.', 'BAD_USER_INPUT');
        return { url: `http://api.test/licence-downloads/${licenceId}/${file}?token=t`, fileName: found.fileName, expiresAt: '2026-11-25T18:05:00.000Z' };
      },
      licenceNotices: () => (requireUser(), this.notices),
      markLicenceNoticeRead: ({ id }: { id: string }) => {
        requireUser();
        this.notices = this.notices.map((n) => (n.id === id ? { ...n, read: true } : n));
        return this.notices.find((n) => n.id === id);
      },
    };
    const gated = Object.fromEntries(
      Object.entries(defaults).map(([name, resolver]) => [
        name,
        async (args: never) => {
          await this.gates.get(name);
          return (this.overrides.get(name) ?? resolver)(args);
        },
      ]),
    );
    return gated;
  }

  /** The download links the page itself fetched, as `licenceId/KIND` (none: the browser opens them). */
  downloadsFetched(): string[] {
    return this.requests.filter((r) => r.path.startsWith('/licence-downloads/')).map((r) => r.path.split('?')[0].replace('/licence-downloads/', ''));
  }
}
