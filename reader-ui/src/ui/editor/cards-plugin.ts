import { createRootEditorSubscription$, realmPlugin } from '@mdxeditor/editor';
import {
  $getSelection,
  $isRangeSelection,
  BEFORE_INPUT_COMMAND,
  COMMAND_PRIORITY_CRITICAL,
  COMMAND_PRIORITY_HIGH,
  DELETE_CHARACTER_COMMAND,
  DELETE_LINE_COMMAND,
  DELETE_WORD_COMMAND,
  KEY_ARROW_DOWN_COMMAND,
  KEY_ARROW_LEFT_COMMAND,
  KEY_ARROW_RIGHT_COMMAND,
  KEY_ARROW_UP_COMMAND,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  KEY_DOWN_COMMAND,
  KEY_ENTER_COMMAND,
  PASTE_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  mergeRegister,
  type LexicalEditor,
} from 'lexical';
import {
  $caretAfter,
  $cardLineOf,
  $leaveCard,
  $removeDecorators,
  $selectCardBeside,
  $selectCardUnderCaret,
  $selectedDecorators,
  type Direction,
} from './cards';

/** The attribute on a selected card's element (its outline, and the browser tests). */
const CARD_SELECTED_ATTRIBUTE = 'data-card-selected';

/** Input types that delete backwards; the other deletions go forwards. */
const BACKWARD_DELETIONS = new Set(['deleteContentBackward', 'deleteWordBackward', 'deleteSoftLineBackward', 'deleteHardLineBackward', 'deleteByCut']);

/**
 * Text input with a decorator selected: never left to the browser (it has no caret there).
 * Typed text goes after it, Enter makes a paragraph after it, deletions remove it.
 */
function $onBeforeInput(event: InputEvent, editor: LexicalEditor): boolean {
  const nodes = $selectedDecorators();
  const last = nodes[nodes.length - 1];
  if (last === undefined) return false;
  const type = event.inputType;
  event.preventDefault();
  if (type === 'insertText' || type === 'insertReplacementText' || type === 'insertFromComposition') {
    const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
    const caret = $caretAfter(last);
    if (text !== '') caret.insertText(text);
  } else if (type === 'insertParagraph' || type === 'insertLineBreak') {
    enter(last);
  } else if (type.startsWith('delete')) {
    $removeDecorators(nodes, BACKWARD_DELETIONS.has(type) ? 'backward' : 'forward');
  } else if (type === 'historyUndo') {
    editor.dispatchCommand(UNDO_COMMAND, undefined);
  } else if (type === 'historyRedo') {
    editor.dispatchCommand(REDO_COMMAND, undefined);
  }
  return true;
}

/** A key that types one character (not a shortcut; AltGr still types). */
function typesCharacter(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || (event.altKey && !event.getModifierState('AltGraph'))) return false;
  return Array.from(event.key).length === 1;
}

/**
 * A key typed with a decorator selected. The root cause of typing landing at the start of the
 * post: Lexical gives a node selection no DOM caret, so the browser invents one (at the start
 * of the editor, or outside it) and Lexical never sees the text as typed there. The character is
 * inserted here, on keydown, which reaches the focused editor wherever the DOM selection is.
 * An input method starts composing on keydown too: it gets the caret after the decorator first.
 */
function $onKeyDown(event: KeyboardEvent): boolean {
  const last = $selectedDecorators().at(-1);
  if (last === undefined) return false;
  if (event.key === 'Process' || event.key === 'Dead' || event.isComposing) {
    $caretAfter(last);
    return false;
  }
  if (!typesCharacter(event)) return false;
  event.preventDefault();
  $caretAfter(last).insertText(event.key);
  return true;
}

/** Enter on a selected decorator: a new paragraph after a card; a line split just after an inline one. */
function enter(node: Parameters<typeof $caretAfter>[0]): void {
  const inline = $cardLineOf(node) === null;
  const caret = $caretAfter(node);
  if (inline) caret.insertParagraph();
}

function onRemoveKey(direction: Direction) {
  return (event: KeyboardEvent | null): boolean => {
    const nodes = $selectedDecorators();
    if (nodes.length > 0) {
      event?.preventDefault();
      $removeDecorators(nodes, direction);
      return true;
    }
    const selection = $getSelection();
    if ($isRangeSelection(selection) && $selectCardBeside(selection, direction)) {
      event?.preventDefault();
      return true;
    }
    return false;
  };
}

function onArrow(direction: Direction) {
  return (event: KeyboardEvent | null): boolean => {
    if (event?.shiftKey) return false;
    const nodes = $selectedDecorators();
    const node = direction === 'backward' ? nodes[0] : nodes[nodes.length - 1];
    if (node === undefined) return false;
    event?.preventDefault();
    $leaveCard(node, direction);
    return true;
  };
}

/** Registers the card behaviour on the rich editor (see cards.ts); returns its unregistering. */
function registerCards(editor: LexicalEditor): () => void {
  let marked: HTMLElement[] = [];
  return mergeRegister(
    editor.registerCommand(BEFORE_INPUT_COMMAND, (event) => $onBeforeInput(event, editor), COMMAND_PRIORITY_CRITICAL),
    editor.registerCommand(KEY_DOWN_COMMAND, $onKeyDown, COMMAND_PRIORITY_CRITICAL),
    editor.registerCommand(
      KEY_ENTER_COMMAND,
      (event) => {
        const last = $selectedDecorators().at(-1);
        if (last === undefined) return false;
        event?.preventDefault();
        enter(last);
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    ),
    editor.registerCommand(KEY_BACKSPACE_COMMAND, onRemoveKey('backward'), COMMAND_PRIORITY_HIGH),
    editor.registerCommand(KEY_DELETE_COMMAND, onRemoveKey('forward'), COMMAND_PRIORITY_HIGH),
    ...[DELETE_CHARACTER_COMMAND, DELETE_WORD_COMMAND, DELETE_LINE_COMMAND].map((command) =>
      editor.registerCommand(
        command,
        (backward: boolean) => {
          const nodes = $selectedDecorators();
          if (nodes.length === 0) return false;
          $removeDecorators(nodes, backward ? 'backward' : 'forward');
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    ),
    editor.registerCommand(KEY_ARROW_LEFT_COMMAND, onArrow('backward'), COMMAND_PRIORITY_HIGH),
    editor.registerCommand(KEY_ARROW_UP_COMMAND, onArrow('backward'), COMMAND_PRIORITY_HIGH),
    editor.registerCommand(KEY_ARROW_RIGHT_COMMAND, onArrow('forward'), COMMAND_PRIORITY_HIGH),
    editor.registerCommand(KEY_ARROW_DOWN_COMMAND, onArrow('forward'), COMMAND_PRIORITY_HIGH),
    // Pasting with a card selected pastes after it, as typing does (the paste handlers that follow see the new caret).
    editor.registerCommand(
      PASTE_COMMAND,
      () => {
        const last = $selectedDecorators().at(-1);
        if (last !== undefined) $caretAfter(last);
        return false;
      },
      COMMAND_PRIORITY_CRITICAL,
    ),
    editor.registerCommand(
      SELECTION_CHANGE_COMMAND,
      () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) $selectCardUnderCaret(selection);
        return false; // the toolbar's listeners still hear of the change
      },
      COMMAND_PRIORITY_HIGH,
    ),
    editor.registerUpdateListener(({ editorState }) => {
      const keys = editorState.read(() => $selectedDecorators().map((node) => node.getKey()));
      for (const element of marked) element.removeAttribute(CARD_SELECTED_ATTRIBUTE);
      marked = keys.map((key) => editor.getElementByKey(key)).filter((element): element is HTMLElement => element !== null);
      for (const element of marked) element.setAttribute(CARD_SELECTED_ATTRIBUTE, 'true');
    }),
  );
}

/** The card behaviour as an MDXEditor plugin. */
export const cardsPlugin = realmPlugin({
  init(realm) {
    realm.pub(createRootEditorSubscription$, registerCards);
  },
});
