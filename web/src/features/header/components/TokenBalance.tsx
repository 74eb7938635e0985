import { useMe } from '../../account/hooks/use-me';

/** Tokens Remaining: N, read from the cached `me`, so a refetch or a cache update shows at once. */
export function TokenBalance() {
  const { data } = useMe();
  if (!data) return null;
  return (
    <p className="token-balance" aria-live="polite">
      <span className="token-balance__dot" aria-hidden="true" />
      {`Tokens Remaining: ${data.me.tokensRemaining}`}
    </p>
  );
}
