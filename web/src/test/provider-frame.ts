import { completeSilentRenew } from '../app/auth/silent-renew-callback';

/** What the provider sends the frame back with: a code, or an OAuth error such as `login_required`. */
export type FrameAnswer = { readonly code: string } | { readonly error: string; readonly error_description?: string };

export interface ProviderFrames {
  /** The authorization requests the hidden frames were sent to, in order. */
  readonly requests: URL[];
}

/**
 * Plays the browser and the identity provider behind oidc-client-ts's hidden renewal frame, which
 * jsdom cannot load: the frame's navigation to the authorization endpoint is answered with a
 * redirect to its `redirect_uri` carrying `answer(request)` and the request's state, and the app's
 * real renewal page code (completeSilentRenew, what web/silent-renew.html runs) hands that address
 * to the app. jsdom's postMessage drops the sender's origin, which oidc-client-ts checks, so a
 * message the page posts to its own origin is delivered with that origin, as a browser does.
 */
export function answerRenewalFrames(answer: (request: URL) => FrameAnswer): ProviderFrames {
  const requests: URL[] = [];
  const frames = new WeakMap<HTMLIFrameElement, Window>();

  const navigate = (target: string) => {
    if (target === 'about:blank') return;
    const request = new URL(target);
    requests.push(request);
    const back = new URL(request.searchParams.get('redirect_uri') ?? '');
    for (const [name, value] of Object.entries(answer(request))) back.searchParams.set(name, String(value));
    back.searchParams.set('state', request.searchParams.get('state') ?? '');
    // The provider answers later, as a network round trip does.
    setTimeout(() => {
      completeSilentRenew({ origin: back.origin, href: back.href }).catch((error: unknown) => console.error(error));
    }, 0);
  };

  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (this: HTMLIFrameElement) {
    let frame = frames.get(this);
    if (!frame) {
      frame = { location: { replace: navigate } } as unknown as Window;
      frames.set(this, frame);
    }
    return frame;
  });

  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    const origin = typeof targetOrigin === 'string' ? targetOrigin : window.location.origin;
    if (origin !== window.location.origin) return;
    setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data: message, origin })), 0);
  });

  return { requests };
}
