import { SpinnerButton } from '../../ui/spinner-button';

/** The footer button of an edit form: "Save" for an editor, "Suggest" for a reader, "Wait" while it runs. */
export function SubmitEdit({ busy, formId, editor }: { busy: boolean; formId: string; editor: boolean }) {
  return (
    <SpinnerButton busy={busy} form={formId} className="button-primary">
      {busy ? 'Wait' : editor ? 'Save' : 'Suggest'}
    </SpinnerButton>
  );
}
