import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleCommand } from '@epos/platform';
import {
  type Edition,
  editions,
  type Language,
  languageSchema,
  multilineText,
  poemEditAnswer,
  poemEditRefusal,
  type SentenceField,
  sentenceFields,
  sentenceStream,
  verseLinesSchema,
  wholeNumber,
  wordRelationSchema,
} from '@epos/schemas';
import type { FastifyRequest } from 'fastify';
import type { ApiDeps } from '../deps.js';
import { HttpError } from '../http/error-handler.js';
import { poemQueries } from './poem-reader.js';
import { causeOf, withPosition } from '../commands.js';
import { EDITABLE_KEYS, type EditableKey } from './edit-fields.js';
import { sentenceDecider, type SentenceCommand } from '@epos/domain/poem/sentence-decider';

const UPDATED = 'Book Updated Successfully';
const sentence = wholeNumber('id', { message: 'Sentence Number Required' });
const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/** The command an editable key names, for the content typed into the editor. */
export function commandFor(key: EditableKey, content: string): SentenceCommand | string {
  if (key.startsWith('text-') || key.startsWith('tr-')) {
    const lines = linesOf(content);
    if (content.trim() !== '' && lines.some((l) => l.trim() === '')) return 'TextBox cant be Empty';
    const value = content.trim() === '' ? null : lines.map((l) => l.trim());
    const checked = value === null ? null : verseLinesSchema.safeParse(value);
    if (checked && !checked.success) return checked.error.issues[0]!.message;
    return key.startsWith('text-')
      ? { kind: 'setText', edition: key.slice(5) as Edition, lines: value }
      : { kind: 'setTranslation', lang: key.slice(3) as Language, lines: value };
  }
  return { kind: 'setField', field: key as SentenceField, value: content };
}

/** The spec's line-data writes (admins): text, notes and fields, translations, word relations. */
export function poemEditRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  /** Edits name a sentence by its running number; its stream is its permanent id. */
  const run = async (request: FastifyRequest, n: number, command: SentenceCommand) => {
    const id = await (await poemQueries(deps, request)).idOf(n);
    if (id === null) throw new HttpError(404, 'not_found', 'Not Found');
    return handleCommand(deps.store, { streamId: sentenceStream(id), decider: sentenceDecider(id), command, cause: causeOf(request) });
  };

  return async (app) => {
    app.post(
      '/postdata/updatePoem',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags: ['poem edits'],
          summary: `Set one editable part of a sentence (${[...sentenceFields, ...editions.map((e) => `text-${e}`), 'tr-<lang>'].join(', ')})`,
          body: z.object({ Key: z.enum(EDITABLE_KEYS), Content: multilineText(100_000), id: sentence }),
          response: { 200: poemEditAnswer, 400: poemEditRefusal },
        },
      },
      async (request, reply) => {
        const command = commandFor(request.body.Key, request.body.Content);
        if (typeof command === 'string') return reply.code(400).send({ type: 0, error: command });
        const result = await run(request, request.body.id, command);
        return withPosition(reply, result).send({ type: 1, message: UPDATED });
      },
    );

    app.post(
      '/postdata/utranslations/:lang',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags: ['poem edits'],
          summary: 'Save a translation of a sentence (lines joined by newline)',
          params: z.object({ lang: z.string().toLowerCase().pipe(languageSchema) }),
          body: z.object({ SentenceNumber: sentence, Translated: multilineText(100_000) }),
          response: { 200: poemEditAnswer, 400: poemEditRefusal },
        },
      },
      async (request, reply) => {
        const command = commandFor(`tr-${request.params.lang}`, request.body.Translated);
        if (typeof command === 'string') return reply.code(400).send({ type: 0, error: command });
        const result = await run(request, request.body.SentenceNumber, command);
        return withPosition(reply, result).send({ type: 1, message: UPDATED });
      },
    );

    app.post(
      '/postdata/updateRelation/:line',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags: ['poem edits'],
          summary: 'Replace the word relations of a sentence',
          params: z.object({ line: sentence }),
          body: z.array(wordRelationSchema).max(200),
          response: { 200: poemEditAnswer },
        },
      },
      async (request, reply) => {
        const result = await run(request, request.params.line, { kind: 'setRelations', relations: request.body });
        return withPosition(reply, result).send({ type: 1, message: UPDATED });
      },
    );
  };
}
