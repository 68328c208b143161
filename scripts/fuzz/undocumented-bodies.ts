/**
 * Bodies the API validates in its handlers but does not describe in the OpenAPI document: their
 * JSON Schemas, generated from the same zod schemas the handlers parse with. A route whose body
 * the document describes uses the document's; the report lists the routes that needed this table.
 */
import { z } from 'zod';
import {
  activationRequestBody,
  autosaveBody,
  changePasswordBody,
  commentBody,
  commentIdBody,
  createBlogBody,
  deleteAccountBody,
  deletePostBody,
  editCommentBody,
  generateUrlBody,
  loginBody,
  noteBody,
  postPayload,
  previewBody,
  registerBody,
  resetBody,
  resetRequestBody,
  restoreBody,
  unsubscribeBody,
  updatePostPayload,
  updateSubscriptionsBody,
  updateUsersBody,
  upvoteBody,
} from '@epos/schemas';
import type { JsonSchema } from './json-schema.js';

const handlerSchemas: Record<string, z.ZodType> = {
  'POST /register': registerBody,
  'POST /confirmemail': resetBody.pick({ userId: true, Code: true }),
  'POST /login': loginBody,
  'POST /upassword': changePasswordBody,
  'POST /rpassword': resetRequestBody,
  'POST /ractivation': activationRequestBody,
  'POST /resetp': resetBody,
  'POST /postdata/myNotes': noteBody,
  'POST /postdata/updateSubscriptions': updateSubscriptionsBody,
  'POST /postdata/deleteAccount': deleteAccountBody,
  'POST /postdata/updateusers': updateUsersBody,
  'POST /postdata/create': postPayload,
  'POST /postdata/update': updatePostPayload,
  'POST /postdata/delete': deletePostBody,
  'POST /postdata/generateurl': generateUrlBody,
  'POST /postdata/preview': previewBody,
  'POST /postdata/autosave': autosaveBody,
  'POST /postdata/restore': restoreBody,
  'POST /postdata/createblog': createBlogBody,
  'POST /postdata/comment/{post}': commentBody,
  'POST /postdata/comment/{post}/edit': editCommentBody,
  'POST /postdata/comment/{post}/delete': commentIdBody,
  'POST /postdata/comment/{post}/upvote': upvoteBody,
  'POST /api/unsubscribe': unsubscribeBody,
};

/** The input side of each handler's schema, as JSON Schema. */
export function undocumentedBodies(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(handlerSchemas).map(([route, schema]) => [route, z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema]),
  );
}
