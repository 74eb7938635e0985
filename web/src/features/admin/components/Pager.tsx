interface PagerProps {
  readonly label: string;
  readonly page: number;
  readonly pages: number;
  readonly onPage: (page: number) => void;
}

/** Previous and Next (disabled on the first and last page) and "Page X of Y" (requirements §P2). */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
