import { PDFDocument, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';
import { FOOT_BAND_MM, HEAD_BAND_MM } from './page-furniture.js';

const MM = 72 / 25.4;

export interface JoinedPart {
  bytes: Uint8Array;
  /** The outline entry that opens at this part's first page (none for the front matter). */
  bookmark: string | null;
}

/**
 * Joins separately printed parts into one PDF: their pages in order, each with its running head
 * and page number laid over its margins, and an outline (bookmarks) with an entry per part.
 * Printing cantos apart and joining them keeps a whole book fast: Chromium's printing time grows
 * faster than the length of one document. `furniture` has one page per page of the edition
 * (page-furniture.ts); only its head and foot bands are laid over, so it can never cover the text.
 */
export async function joinParts(
  parts: readonly JoinedPart[],
  meta: { title: string; author: string | null },
  furniture: Uint8Array,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const joined = await PDFDocument.create();
  const bookmarks: { title: string; page: number }[] = [];
  for (const part of parts) {
    const source = await PDFDocument.load(part.bytes);
    if (part.bookmark) bookmarks.push({ title: part.bookmark, page: joined.getPageCount() });
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  const strips = (await PDFDocument.load(furniture)).getPages();
  if (strips.length !== joined.getPageCount()) throw new Error(`page furniture for ${strips.length} pages, but the edition has ${joined.getPageCount()}`);
  // One embedding of both bands of every page, so the furniture's fonts are copied once.
  const bands = await joined.embedPages(
    [...strips, ...strips],
    [
      ...strips.map((p) => ({ left: 0, bottom: p.getHeight() - HEAD_BAND_MM * MM, right: p.getWidth(), top: p.getHeight() })),
      ...strips.map((p) => ({ left: 0, bottom: 0, right: p.getWidth(), top: FOOT_BAND_MM * MM })),
    ],
  );
  joined.getPages().forEach((page, i) => {
    const head = bands[i]!;
    page.drawPage(head, { x: 0, y: page.getHeight() - head.height });
    page.drawPage(bands[strips.length + i]!, { x: 0, y: 0 });
  });
  addOutline(joined, bookmarks);
  joined.setTitle(meta.title);
  if (meta.author) joined.setAuthor(meta.author);
  joined.setCreator('Epos');
  const bytes = await joined.save();
  return { bytes, pages: joined.getPageCount() };
}

function addOutline(doc: PDFDocument, entries: readonly { title: string; page: number }[]): void {
  if (entries.length === 0) return;
  const { context } = doc;
  const root = context.nextRef();
  const refs: PDFRef[] = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    const fields: Record<string, unknown> = {
      Title: PDFHexString.fromText(entry.title),
      Parent: root,
      Dest: context.obj([doc.getPage(entry.page).ref, PDFName.of('XYZ'), null, null, null]),
    };
    if (i > 0) fields.Prev = refs[i - 1];
    if (i < refs.length - 1) fields.Next = refs[i + 1];
    context.assign(refs[i]!, context.obj(fields as never));
  });
  context.assign(root, context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
