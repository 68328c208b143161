import { LinkedText } from '../../ui/linked-text';

/** A text's paragraphs (blank-line separated), with their sentence links. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="modal-text">
      {text
        .split(/\n{2,}/u)
        .filter((p) => p.trim() !== '')
        .map((p, i) => (
          <p key={i}>
            <LinkedText text={p} />
          </p>
        ))}
    </div>
  );
}
