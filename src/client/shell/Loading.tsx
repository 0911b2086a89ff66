/**
 * The top progress bar while a route chunk or the messages load (plain CSS, see theme/base.css).
 * Decorative: the page it stands in for announces itself when it arrives.
 */
export function Loading({ testId = 'loading' }: { testId?: string }) {
  return <div className="lt-loading" aria-hidden="true" data-testid={testId} />;
}
