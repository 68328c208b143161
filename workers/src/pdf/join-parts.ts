import { PDFDocument, PDFHexString, PDFName, rgb, StandardFonts, type PDFRef } from 'pdf-lib';

const MM = 72 / 25.4;

export interface JoinedPart {
  bytes: Uint8Array;
  /** The outline entry that opens at this part's first page (none for the front matter). */
  bookmark: string | null;
}

/**
 * Joins separately printed parts into one PDF: their pages in order, a page number at the foot of
 * every page but the title page, and an outline (bookmarks) with an entry per part. Printing
 * cantos apart and joining them keeps a whole book fast: Chromium's printing time grows faster
 * than the length of one document.
 */
export async function joinParts(parts: readonly JoinedPart[], meta: { title: string; author: string | null }): Promise<{ bytes: Uint8Array; pages: number }> {
  const joined = await PDFDocument.create();
  const bookmarks: { title: string; page: number }[] = [];
  for (const part of parts) {
    const source = await PDFDocument.load(part.bytes);
    if (part.bookmark) bookmarks.push({ title: part.bookmark, page: joined.getPageCount() });
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  const font = await joined.embedFont(StandardFonts.TimesRoman);
  joined.getPages().forEach((page, i) => {
    if (i === 0) return;
    const text = String(i + 1);
    const size = 8;
    page.drawText(text, { x: (page.getWidth() - font.widthOfTextAtSize(text, size)) / 2, y: 9 * MM, size, font, color: rgb(0.27, 0.27, 0.27) });
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
