import './LogoMark.css';

/** The product mark: four level bars on an indigo tile; the product name sits beside it. */
export function LogoMark({ productName }: { readonly productName: string }) {
  return (
    <span className="logo-mark">
      <svg className="logo-mark__tile" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#6366f1" />
        <g fill="#eef0ff">
          <rect x="6" y="13" width="3" height="6" rx="1.5" />
          <rect x="11" y="9" width="3" height="14" rx="1.5" />
          <rect x="16" y="6" width="3" height="20" rx="1.5" />
          <rect x="21" y="11" width="3" height="10" rx="1.5" />
        </g>
      </svg>
      <span className="logo-mark__name">{productName}</span>
    </span>
  );
}
