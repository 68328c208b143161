import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletePageBody,
  libraryMessages,
  pageDeletedAnswer,
  pageForm,
  pageRestoredAnswer,
  pageSavedAnswer,
  permalinkAnswer,
  permalinkBody,
  restorePageBody,
  updatePageForm,
} from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { requirePermission } from '../accounts/security.js';
import { parseOr400 } from '../blogs/validation.js';
import { createPage, deletePage, permalinkOf, restorePage, updatePage } from './page-commands.js';

const manage = { permission: 'library.manage' } as const;
/** A page's markdown may be 2,000,000 characters (schemas/src/library/events.ts), up to 3 bytes each, escaped in JSON. */
const PAGE_BODY_LIMIT = 8 * 1024 * 1024;

/** The spec's library writes (section 7): admins create, save, move, restore and delete pages. */
export function libraryWriteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/postdata/createPage',
      {
        config: manage,
        bodyLimit: PAGE_BODY_LIMIT,
        schema: { tags: ['library'], summary: 'Create a library page at a path no page or site route has', response: { 200: pageSavedAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const form = parseOr400(pageForm, request.body);
        const result = await createPage(deps.store, causeOf(request), form);
        return withPosition(reply, result).send({
          id: result.state.pageId,
          url: result.state.path,
          revision: result.state.revisions.length,
          message: libraryMessages.created,
        });
      },
    );

    app.post(
      '/postdata/updatePage',
      {
        config: manage,
        bodyLimit: PAGE_BODY_LIMIT,
        schema: {
          tags: ['library'],
          summary: 'Save a page (a new revision); a new url moves it and the old one redirects (409 when saved by someone else since `revision`)',
          response: { 200: pageSavedAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { id, revision, ...form } = parseOr400(updatePageForm, request.body);
        const result = await updatePage(deps.store, causeOf(request), id, { ...form, ...(revision !== undefined ? { revision } : {}) });
        return withPosition(reply, result).send({ id, url: result.state.path, revision: result.state.revisions.length, message: libraryMessages.updated });
      },
    );

    app.post(
      '/postdata/deletePage',
      {
        config: manage,
        schema: { tags: ['library'], summary: 'Delete a page; the answer names its parent, where the reader goes next', response: { 200: pageDeletedAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { id } = parseOr400(deletePageBody, request.body);
        const result = await deletePage(deps.store, causeOf(request), id);
        return withPosition(reply, result).send({ message: libraryMessages.deleted, redirect: result.next });
      },
    );

    app.post(
      '/postdata/restorePage',
      {
        config: manage,
        schema: { tags: ['library'], summary: 'Make an earlier revision the current text (as a new revision)', response: { 200: pageRestoredAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { id, revision } = parseOr400(restorePageBody, request.body);
        const result = await restorePage(deps.store, causeOf(request), id, revision);
        return withPosition(reply, result).send({ revision: result.state.revisions.length, message: libraryMessages.updated });
      },
    );

    app.post(
      '/postdata/generatePermalink',
      { config: manage, schema: { tags: ['library'], summary: "A permalink from a page's name", response: { 200: permalinkAnswer } } },
      async (request) => {
        requirePermission(request, 'library.manage');
        const { name } = parseOr400(permalinkBody, request.body);
        return { permalink: permalinkOf(name), message: libraryMessages.permalinkGenerated };
      },
    );
  };
}
