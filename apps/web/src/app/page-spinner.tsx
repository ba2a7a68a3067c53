/** A loading indicator without antd, usable before any library chunk has arrived. */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
    </div>
  );
}
