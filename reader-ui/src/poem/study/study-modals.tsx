import { Modal } from '../../ui/modal';
import type { OpenStudy } from './state';
import { TranslationModal } from './translation-modal';
import { CommentaryModal } from './commentary-modal';
import { CorrectionModal } from '../suggestions/correction-modal';
import { DictionaryModal } from './dictionary-modal';
import { NotesModal } from './notes-modal';
import { ReadingsModal } from './readings-modal';
import { Lightbox, PicturesModal } from './pictures-modal';
import { Paragraphs } from './paragraphs';
import { CiteModal } from '../cite/cite-modal';
import { HighlightModal } from '../highlights/highlight-modal';
import { BookmarkModal } from '../bookmarks/bookmark-modal';
import { ConnectionsPanel } from './connections-panel';

/** The study modals, loaded on first use (React.lazy from StudyHost). */
export default function StudyModals({ open, onClose }: { open: OpenStudy; onClose: () => void }) {
  const { request, returnTo } = open;
  switch (request.kind) {
    case 'dictionary':
      return <DictionaryModal key={request.word} word={request.word} onClose={onClose} returnTo={returnTo} />;
    case 'notes':
      return <NotesModal line={request.line} onClose={onClose} returnTo={returnTo} />;
    case 'readings':
      return <ReadingsModal line={request.line} layer={request.layer} onClose={onClose} returnTo={returnTo} />;
    case 'pictures':
      return <PicturesModal line={request.line} onClose={onClose} returnTo={returnTo} />;
    case 'image':
      return <Lightbox title={request.title} src={request.src} alt={request.alt} onClose={onClose} returnTo={returnTo} />;
    case 'translation':
      return <TranslationModal n={request.n} lang={request.lang} section={request.section} onClose={onClose} returnTo={returnTo} />;
    case 'commentary':
      return <CommentaryModal key={request.n} n={request.n} layers={request.layers} onClose={onClose} returnTo={returnTo} />;
    case 'correction':
      return <CorrectionModal n={request.n} onClose={onClose} returnTo={returnTo} />;
    case 'highlight':
      return <HighlightModal key={request.line.lineNumber} line={request.line} range={request.range} onClose={onClose} returnTo={returnTo} />;
    case 'bookmark':
      return <BookmarkModal key={request.n} n={request.n} onClose={onClose} returnTo={returnTo} />;
    case 'connections':
      return <ConnectionsPanel key={request.line.lineNumber} line={request.line} onClose={onClose} returnTo={returnTo} />;
    case 'cite':
      return <CiteModal n={request.n} id={request.id} edition={request.edition} onClose={onClose} returnTo={returnTo} />;
    case 'text':
      return (
        <Modal title={request.title} onClose={onClose} returnTo={returnTo}>
          <Paragraphs text={request.text} />
        </Modal>
      );
  }
}
