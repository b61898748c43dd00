// A queue row's two decisions: the main one (Approve, Apply) and Reject.

/** `approve`: its text, the accessible name, whether it is disabled and why (`title`). */
export function DecisionButtons({
  approve,
  reject,
}: {
  approve: { label: string; name: string; disabled?: boolean; title?: string; onClick: () => void };
  reject: { name: string; disabled?: boolean; onClick: () => void };
}) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={approve.disabled}
        title={approve.title}
        aria-label={approve.name}
        onClick={approve.onClick}
      >
        {approve.label}
      </button>
      <button
        type="button"
        className="btn btn--danger-ghost btn--sm"
        disabled={reject.disabled}
        aria-label={reject.name}
        onClick={reject.onClick}
      >
        Reject
      </button>
    </div>
  );
}
