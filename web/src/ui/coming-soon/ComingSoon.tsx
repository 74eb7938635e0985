import './ComingSoon.css';

/** A small "Coming soon" tag beside a claim that is not built yet. */
export function ComingSoon({ label = 'Coming soon' }: { readonly label?: string }) {
  return <span className="coming-soon">{label}</span>;
}
