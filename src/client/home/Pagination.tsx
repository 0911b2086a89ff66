/** The pages to offer: first, last, and the current one with its neighbours; `null` marks a gap. */
export function pageList(count: number, current: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, count])]
    .filter((p) => p >= 1 && p <= count)
    .sort((a, b) => a - b);
  const list: (number | null)[] = [];
  shown.forEach((p, i) => {
    if (i > 0 && p - shown[i - 1] > 1) list.push(null);
    list.push(p);
  });
  return list;
}

export function Pagination({ count, page, onChange }: { count: number; page: number; onChange(page: number): void }) {
  return (
    <nav className="lt-pagination">
      {pageList(count, page).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? 'page' : undefined}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
    </nav>
  );
}
