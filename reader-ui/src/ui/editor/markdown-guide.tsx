import { Modal } from '../modal';

const ROWS: readonly (readonly [string, string])[] = [
  ['**bold**', 'bold'],
  ['*italic*', 'italic'],
  ['## Heading', 'a heading (# to ######, one # per level)'],
  ['> quoted text', 'a quotation'],
  ['- item', 'a bulleted list (indent by 2 spaces to nest)'],
  ['1. item', 'a numbered list'],
  ['[text](https://example.com)', 'a link'],
  ['![description](https://…/image.png)', 'an image (or use the image button to upload one)'],
  ['||12||', 'a link to line 12 of the poem'],
  ['---', 'a horizontal rule'],
  ['`code`', 'code within a line; three backticks (```) above and below for a block'],
  ['A blank line', 'starts a new paragraph'],
];

/** The toolbar's "Guide": a short markdown cheat sheet. */
export function MarkdownGuide({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Markdown guide" onClose={onClose} wide>
      <p>Posts are written in markdown. Type these marks, or use the toolbar:</p>
      <table className="post-editor-guide">
        <thead>
          <tr>
            <th scope="col">You type</th>
            <th scope="col">You get</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([typed, result]) => (
            <tr key={typed}>
              <td>
                <code>{typed}</code>
              </td>
              <td>{result}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>Side by side</strong> shows the markdown source next to the formatted text; <strong>Preview</strong> shows the post without editing;{' '}
        <strong>Fullscreen</strong> fills the window (Esc leaves it).
      </p>
    </Modal>
  );
}
