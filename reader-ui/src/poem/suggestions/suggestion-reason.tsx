/** A suggestion's optional reason, under the proposed text (the reader's, not an editor's). */
export function SuggestionReason({ formId, reason, onChange }: { formId: string; reason: string; onChange: (reason: string) => void }) {
  return (
    <>
      <label htmlFor={`${formId}-reason`} className="extra-label">
        Reason (optional)
      </label>
      <textarea id={`${formId}-reason`} className="input" rows={2} maxLength={2000} value={reason} onChange={(e) => onChange(e.currentTarget.value)} />
    </>
  );
}

/** What stops the save, said at once (the fields point to it with aria-describedby). */
export function SaveError({ formId, error }: { formId: string; error: string | null }) {
  return error === null ? null : (
    <p id={`${formId}-error`} className="modal-error" role="alert">
      {error}
    </p>
  );
}
