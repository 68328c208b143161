import type { FastifyRequest } from 'fastify';
import { renderMarkdown } from '@epos/platform/markdown/index';
import { videoEmbedUrl, videoIdOf, workMessages, type WorkItem } from '@epos/schemas';
import { WORKS_PROJECTION, type WorksReadModel } from '@epos/projections/works/works-projection';
import { findWorks, type WorkRow, type WorksFilter, type WorksPage } from '@epos/projections/works/queries';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { actorNames } from '../accounts/actor-names.js';
import { poemQueries } from '../poem/poem-reader.js';
import { iso } from '../blogs/views.js';

export const WORKS_PAGE_SIZE = 20;

/** A linked work's caption as the annotations are shown (the comment profile: no images, no big headings). */
const captionHtmlOf = (row: WorkRow) => (row.type === 'text' || row.description.trim() === '' ? '' : renderMarkdown(row.description, { profile: 'comment' }));

/** Whether the reader of `request` moderates works (sees hidden ones, may hide and show). */
const moderates = (request: FastifyRequest) => request.actor?.role === 'admin';

const worksDb = (deps: ApiDeps, request: FastifyRequest) => readModel<WorksReadModel>(deps, request, WORKS_PROJECTION);

/** A page of works as `request`'s reader may see them (hidden ones for moderators only). */
export async function worksPage(
  deps: ApiDeps,
  request: FastifyRequest,
  filter: Omit<WorksFilter, 'includeHidden'>,
  page: number,
  size = WORKS_PAGE_SIZE,
): Promise<WorksPage> {
  return findWorks(await worksDb(deps, request), { ...filter, includeHidden: moderates(request) }, { offset: (page - 1) * size, limit: size });
}

/**
 * Works as the lists show them to `request`'s reader: sentences by their running numbers now (a
 * withdrawn one is left out), authors by name ("deleted user" once erased, with no id to link),
 * and what this reader may do with each.
 */
export async function workItems(deps: ApiDeps, request: FastifyRequest, rows: readonly WorkRow[]): Promise<WorkItem[]> {
  if (rows.length === 0) return [];
  const [numbers, names] = await Promise.all([
    (await poemQueries(deps, request)).numbersOf([...new Set(rows.flatMap((r) => r.sentence_ids))]),
    actorNames(deps)(
      request,
      rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
    ),
  ]);
  const viewer = request.actor;
  return rows.map((row) => {
    const authorName = row.user_id === null ? workMessages.deletedUser : (names.get(row.user_id) ?? workMessages.deletedUser);
    const erased = row.user_id === null || authorName === workMessages.deletedUser;
    const video = row.type === 'video' && row.url !== null ? videoIdOf(row.url) : null;
    return {
      id: row.work_id,
      TypeOf: row.type,
      Description: row.type === 'text' ? row.html : row.description,
      markdown: row.description,
      captionHtml: captionHtmlOf(row),
      Urlto: row.url ?? '',
      embedUrl: video?.ok ? videoEmbedUrl(video.value) : null,
      SentenceNumber: row.sentence_ids.flatMap((id) => (numbers.has(id) ? [String(numbers.get(id))] : [])).join(','),
      author: { id: erased ? null : row.user_id, name: authorName },
      addedAt: iso(row.added_at),
      editedAt: iso(row.edited_at),
      hidden: row.hidden,
      canEdit: viewer !== undefined && (viewer.role === 'admin' || viewer.id === row.user_id),
      canHide: viewer?.role === 'admin',
    };
  });
}
