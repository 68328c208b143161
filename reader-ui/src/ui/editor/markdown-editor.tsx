import '@mdxeditor/editor/style.css';
import {
  MDXEditor,
  addEditorWrapper$,
  codeBlockPlugin,
  createRootEditorSubscription$,
  headingsPlugin,
  imagePlugin,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  markdownShortcutPlugin,
  quotePlugin,
  realmPlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  type MDXEditorMethods,
} from '@mdxeditor/editor';
import { useCallback, useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { cardsPlugin } from './cards-plugin';
import { ChromeProvider, EditorToolbar, SplitWrapper, plainCodeBlock, type EditorChrome, type EditorMode } from './editor-chrome';
import { MarkdownGuide } from './markdown-guide';
import { editorTexts } from './messages';
import { SpellingPanel } from './spelling-panel';
import { replaceWord } from './spelling';
import { StatusBar, type CursorInfo } from './status-bar';
import { lineOfBlock } from './text-stats';

export interface MarkdownEditorProps {
  /** The markdown; the editor reports every change through onChange. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The id of the field's visible label. */
  readonly labelledBy: string;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  /** The status bar's autosave part ("Saved 12:03:10"). */
  readonly autosaveLabel: string;
  readonly uploadImage: (file: File) => Promise<string | null>;
  /** What the empty editor shows; a post's by default. */
  readonly placeholder?: string;
}

const EDITOR_CONTENT_TEST_ID = 'post-editor-content';

/** Hands the rich editor's content-editable root to the component (test id, labels, cursor tracking). */
const rootElementPlugin = realmPlugin<{ onRoot: (root: HTMLElement | null) => void }>({
  init(realm, params) {
    realm.pubIn({ [addEditorWrapper$]: SplitWrapper });
    realm.pub(createRootEditorSubscription$, (editor) => editor.registerRootListener((root) => params?.onRoot(root)));
  },
});

const darkQuery = () => (typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? null : window.matchMedia('(prefers-color-scheme: dark)'));

function usePrefersDark(): boolean {
  const [dark, setDark] = useState(() => darkQuery()?.matches ?? false);
  useEffect(() => {
    const query = darkQuery();
    if (query === null) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** Escape from inside a dialog or an editor popup closes that, not fullscreen. */
function escapeIsForSomethingElse(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return event.defaultPrevented || target?.closest('dialog, [role="dialog"], .mdxeditor-popup-container, [data-radix-popper-content-wrapper]') != null;
}

/**
 * The markdown editor of posts and library pages (MDXEditor): rich text with the spec's toolbar, a
 * side-by-side view with the markdown source, a read-only preview, fullscreen
 * (Esc leaves), a status bar and spell checking under it.
 *
 * The markdown string is the truth. The rich view follows it (outside changes are
 * pushed in with setMarkdown) and reports the writer's own edits; in side-by-side
 * mode, whichever pane the writer is in leads, so the rich view's re-formatting
 * never rewrites what is being typed in the source.
 */
export default function MarkdownEditor({
  value,
  onChange,
  labelledBy,
  invalid,
  describedBy,
  autosaveLabel,
  uploadImage,
  placeholder = 'Write your post…',
}: MarkdownEditorProps) {
  const editor = useRef<MDXEditorMethods>(null);
  const [mode, setModeState] = useState<EditorMode>('rich');
  const [fullscreen, setFullscreen] = useState(false);
  const [guideOpen, setGuideOpen] = useState(false);
  const [richError, setRichError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<CursorInfo | null>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  const dark = usePrefersDark();

  /** The pane the writer works in: its changes are the ones reported. */
  const leader = useRef<'rich' | 'source'>('rich');
  /** The markdown the rich view was last given or reported. */
  const richValue = useRef(value);
  /** Set while our own setMarkdown runs, so its re-formatted echo is not taken for an edit. */
  const applying = useRef(false);
  const latest = useRef({ value, onChange, uploadImage });
  latest.current = { value, onChange, uploadImage };

  const setMode = useCallback((next: EditorMode) => {
    setModeState(next);
    setCursor(null);
    leader.current = next === 'side' ? leader.current : 'rich';
  }, []);

  // Outside changes (source pane, restore, spelling fixes) go into the rich view; typing in the source waits for a pause.
  useEffect(() => {
    if (value === richValue.current) return;
    const timer = setTimeout(
      () => {
        const next = latest.current.value;
        richValue.current = next;
        applying.current = true;
        setRichError(null);
        editor.current?.setMarkdown(next);
        setTimeout(() => {
          applying.current = false;
        }, 0);
      },
      leader.current === 'source' ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [value]);

  const onRichChange = useCallback(
    (markdown: string, initialNormalize: boolean) => {
      // Loading re-formats the markdown (bullets, spacing): not an edit.
      if (initialNormalize || applying.current || richError !== null) return;
      if (mode === 'side' && leader.current === 'source') return;
      if (markdown === richValue.current) return;
      richValue.current = markdown;
      latest.current.onChange(markdown);
    },
    [mode, richError],
  );

  const onRichError = useCallback(({ error }: { error: string }) => {
    console.warn('The rich editor could not read the markdown:', error);
    setRichError(error);
    leader.current = 'source';
    setModeState('side');
  }, []);

  // The content-editable root: test id, label, validity, the browser's spell checking (British English).
  useEffect(() => {
    if (root === null) return;
    root.setAttribute('data-testid', EDITOR_CONTENT_TEST_ID);
    root.setAttribute('spellcheck', 'true');
    root.setAttribute('lang', 'en-GB');
    root.setAttribute('aria-labelledby', labelledBy);
    root.setAttribute('aria-multiline', 'true');
    if (!root.hasAttribute('role')) root.setAttribute('role', 'textbox');
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
  }, [root, labelledBy, invalid, describedBy]);

  // The rich cursor: the source line of the top-level block the selection is in (no column: see CursorInfo).
  useEffect(() => {
    if (root === null) return;
    const onSelection = () => {
      const anchor = document.getSelection()?.anchorNode ?? null;
      if (anchor === null || !root.contains(anchor)) return;
      let block: Node | null = anchor;
      while (block !== null && block.parentNode !== root) block = block.parentNode;
      if (block === null) return;
      const index = Array.prototype.indexOf.call(root.children, block);
      setCursor({ line: lineOfBlock(richValue.current, Math.max(0, index)) });
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [root]);

  // Fullscreen: the page behind does not scroll, and Escape leaves.
  useEffect(() => {
    if (!fullscreen) return;
    const html = document.documentElement;
    html.classList.add('post-editor-fullscreen-open');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !escapeIsForSomethingElse(event)) setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      html.classList.remove('post-editor-fullscreen-open');
      document.removeEventListener('keydown', onKey);
    };
  }, [fullscreen]);

  const onSourceChange = useCallback((markdown: string) => {
    leader.current = 'source';
    latest.current.onChange(markdown);
  }, []);

  const chrome: EditorChrome = {
    mode,
    setMode,
    fullscreen,
    toggleFullscreen: () => setFullscreen((on) => !on),
    openGuide: () => setGuideOpen(true),
    uploadImage: (file) => latest.current.uploadImage(file),
    source: { value, onChange: onSourceChange, onCursor: setCursor, labelledBy, describedBy, invalid },
  };

  // Plugins are set up once; what they show comes from the ChromeProvider.
  const plugins = useMemo(
    () => [
      headingsPlugin(),
      listsPlugin(),
      quotePlugin(),
      linkPlugin(),
      linkDialogPlugin(),
      imagePlugin({
        // Pasted or dropped images. A failed upload has been announced; nothing is inserted.
        imageUploadHandler: async (file: File) => {
          const url = await latest.current.uploadImage(file);
          if (url === null) throw new Error(`Upload of ${file.name} failed`);
          return url;
        },
      }),
      thematicBreakPlugin(),
      codeBlockPlugin({ codeBlockEditorDescriptors: [plainCodeBlock] }),
      markdownShortcutPlugin(),
      cardsPlugin(),
      toolbarPlugin({ toolbarContents: () => <EditorToolbar />, toolbarClassName: 'post-editor-toolbar' }),
      rootElementPlugin({ onRoot: setRoot }),
    ],
    [],
  );

  // Focus in the source pane makes it the leader; anywhere else in the editor (toolbar included), the rich view.
  const onFocusWithin = (event: SyntheticEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    leader.current = target?.closest('.post-editor-source') ? 'source' : richError === null ? 'rich' : 'source';
  };

  const replace = useCallback((word: string, replacement: string) => {
    latest.current.onChange(replaceWord(latest.current.value, word, replacement));
  }, []);

  return (
    <div className={['post-editor', fullscreen ? 'is-fullscreen' : '', `is-${mode}`].filter(Boolean).join(' ')}>
      <ChromeProvider value={chrome}>
        {richError !== null && (
          <p className="post-editor-notice" role="alert">
            {editorTexts.richEditorFailed}
          </p>
        )}
        <div className="post-editor-frame" onFocusCapture={onFocusWithin} onPointerDownCapture={onFocusWithin}>
          <MDXEditor
            ref={editor}
            markdown={value}
            onChange={onRichChange}
            onError={onRichError}
            plugins={plugins}
            readOnly={mode === 'preview'}
            spellCheck
            className={dark ? 'dark-theme post-mdx' : 'post-mdx'}
            contentEditableClassName="post-editor-content"
            overlayContainer={overlay}
            toMarkdownOptions={{ listItemIndent: 'one', bullet: '-' }}
            placeholder={placeholder}
          />
          <div ref={setOverlay} className="post-editor-overlays" />
        </div>
        <StatusBar autosave={autosaveLabel} markdown={value} cursor={cursor} />
        <SpellingPanel markdown={value} onReplace={replace} />
      </ChromeProvider>
      {guideOpen && <MarkdownGuide onClose={() => setGuideOpen(false)} />}
    </div>
  );
}
