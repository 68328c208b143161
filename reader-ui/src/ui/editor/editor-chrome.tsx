import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  ButtonWithTooltip,
  CreateLink,
  ListsToggle,
  Separator,
  UndoRedo,
  iconComponentFor$,
  insertImage$,
  readOnly$,
  useCellValue,
  useCellValues,
  useCodeBlockEditorContext,
  usePublisher,
  type CodeBlockEditorDescriptor,
  type CodeBlockEditorProps,
} from '@mdxeditor/editor';
import { createContext, useContext, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { altTextFor, IMAGE_TYPES } from './images';
import { MarkdownPreview } from './markdown-preview';
import { indentSelection, type TextEdit } from './source-keys';
import { cursorPosition, type CursorPosition } from './text-stats';

/**
 * What the toolbar and the side-by-side wrapper (both rendered inside MDXEditor)
 * need from the editor around them.
 */
export type EditorMode = 'rich' | 'side' | 'preview';

export interface EditorChrome {
  readonly mode: EditorMode;
  readonly setMode: (mode: EditorMode) => void;
  readonly fullscreen: boolean;
  readonly toggleFullscreen: () => void;
  readonly openGuide: () => void;
  /** Uploads one image; its URL, or null after telling the writer what went wrong. */
  readonly uploadImage: (file: File) => Promise<string | null>;
  readonly source: {
    readonly value: string;
    readonly onChange: (value: string) => void;
    readonly onCursor: (position: CursorPosition) => void;
    readonly labelledBy: string;
    readonly describedBy: string | undefined;
    readonly invalid: boolean;
  };
}

const ChromeContext = createContext<EditorChrome | null>(null);
export const ChromeProvider = ChromeContext.Provider;

function useChrome(): EditorChrome {
  const chrome = useContext(ChromeContext);
  if (chrome === null) throw new Error('The editor toolbar needs its ChromeProvider');
  return chrome;
}

/** Uploads the chosen images (POST /postdata/media) and inserts each at the cursor. */
function InsertUploadedImage() {
  const insertImage = usePublisher(insertImage$);
  const [readOnly, iconFor] = useCellValues(readOnly$, iconComponentFor$);
  const { uploadImage } = useChrome();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length === 0) return;
    setBusy(true);
    try {
      for (const file of files) {
        const src = await uploadImage(file);
        if (src !== null) insertImage({ src, altText: altTextFor(file.name), title: '' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ButtonWithTooltip
        title={busy ? 'Uploading image…' : 'Insert image'}
        disabled={readOnly || busy}
        aria-busy={busy || undefined}
        onClick={() => input.current?.click()}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : iconFor('add_photo')}
      </ButtonWithTooltip>
      <input ref={input} type="file" accept={IMAGE_TYPES.join(',')} multiple hidden onChange={(e) => void onFiles(e)} />
    </>
  );
}

function ModeButtons() {
  const { mode, setMode, fullscreen, toggleFullscreen, openGuide } = useChrome();
  const toggle = (target: EditorMode) => setMode(mode === target ? 'rich' : target);
  return (
    <div className="post-editor-modes">
      <ButtonWithTooltip title="Preview" aria-pressed={mode === 'preview'} data-testid="post-editor-preview" onClick={() => toggle('preview')}>
        Preview
      </ButtonWithTooltip>
      <ButtonWithTooltip
        title="Side by side: markdown source and rich text"
        aria-pressed={mode === 'side'}
        data-testid="post-editor-side-by-side"
        onClick={() => toggle('side')}
      >
        Side by side
      </ButtonWithTooltip>
      <ButtonWithTooltip
        title={fullscreen ? 'Leave fullscreen (Esc)' : 'Fullscreen'}
        aria-pressed={fullscreen}
        data-testid="post-editor-fullscreen"
        onClick={toggleFullscreen}
      >
        {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
      </ButtonWithTooltip>
      <ButtonWithTooltip title="Markdown guide" aria-haspopup="dialog" data-testid="post-editor-guide" onClick={openGuide}>
        Guide
      </ButtonWithTooltip>
    </div>
  );
}

/** The toolbar: the spec's bold, italic, heading and quote, lists, link, image, then preview, side by side, fullscreen and guide. */
export function EditorToolbar() {
  const { mode } = useChrome();
  if (mode === 'preview') return <ModeButtons />;
  return (
    <>
      <UndoRedo />
      <Separator />
      <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
      <Separator />
      {/* Paragraph, quote and headings */}
      <BlockTypeSelect />
      <Separator />
      <ListsToggle options={['bullet', 'number']} />
      <Separator />
      <CreateLink />
      <InsertUploadedImage />
      <ModeButtons />
    </>
  );
}

/**
 * The markdown source pane of the side-by-side view: a plain textarea (the browser
 * spell checks it) where Tab indents by two spaces, Shift+Tab outdents, and Escape
 * then Tab moves on to the next control.
 */
function SourcePane() {
  const { source } = useChrome();
  const area = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<TextEdit | null>(null);
  const escaped = useRef(false);

  useLayoutEffect(() => {
    const edit = pendingSelection.current;
    if (edit === null || area.current === null) return;
    pendingSelection.current = null;
    area.current.setSelectionRange(edit.start, edit.end);
  });

  const report = () => {
    const el = area.current;
    if (el !== null) source.onCursor(cursorPosition(el.value, el.selectionStart));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      escaped.current = true;
      return;
    }
    const leaving = escaped.current;
    escaped.current = false;
    if (event.key !== 'Tab' || leaving || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const el = event.currentTarget;
    const edit = indentSelection(el.value, el.selectionStart, el.selectionEnd, event.shiftKey);
    if (edit.text === el.value) return;
    pendingSelection.current = edit;
    source.onChange(edit.text);
    source.onCursor(cursorPosition(edit.text, edit.start));
  };

  return (
    <div className="post-editor-source">
      <textarea
        ref={area}
        className="post-editor-source-text"
        value={source.value}
        onChange={(e) => {
          source.onChange(e.currentTarget.value);
          source.onCursor(cursorPosition(e.currentTarget.value, e.currentTarget.selectionStart));
        }}
        onKeyDown={onKeyDown}
        onKeyUp={report}
        onClick={report}
        onSelect={report}
        onFocus={report}
        spellCheck
        aria-labelledby={source.labelledBy}
        aria-describedby={['post-editor-source-help', source.describedBy].filter(Boolean).join(' ')}
        aria-invalid={source.invalid || undefined}
        data-testid="post-editor-source"
      />
      <p id="post-editor-source-help" className="post-editor-hint">
        Markdown source. Tab indents by 2 spaces; press Esc, then Tab, to leave.
      </p>
    </div>
  );
}

/**
 * Wraps the rich text area: in side-by-side mode the source pane sits beside it; in preview mode
 * the server's rendering of the post takes its place (the rich view stays, hidden, for coming back).
 */
export function SplitWrapper({ children }: { children?: ReactNode }) {
  const { mode, source } = useChrome();
  const split = mode === 'side';
  return (
    <div className={split ? 'post-editor-split' : 'post-editor-single'}>
      {split ? <SourcePane /> : null}
      {mode === 'preview' ? <MarkdownPreview markdown={source.value} /> : null}
      <div className="post-editor-rich" hidden={mode === 'preview'}>
        {children}
      </div>
    </div>
  );
}

/** Code blocks as plain text (no CodeMirror download): fenced code stays editable in the rich view. */
function PlainCodeBlock({ code, language }: CodeBlockEditorProps) {
  const { setCode } = useCodeBlockEditorContext();
  const readOnly = useCellValue(readOnly$);
  return (
    <textarea
      className="post-editor-code"
      defaultValue={code}
      readOnly={readOnly}
      rows={Math.max(2, code.split('\n').length)}
      spellCheck={false}
      aria-label={language ? `Code (${language})` : 'Code'}
      // The rich editor must not act on keys typed here (Enter, Backspace, arrows).
      onKeyDown={(e) => e.stopPropagation()}
      onChange={(e) => setCode(e.currentTarget.value)}
    />
  );
}

export const plainCodeBlock: CodeBlockEditorDescriptor = { priority: 0, match: () => true, Editor: PlainCodeBlock };
