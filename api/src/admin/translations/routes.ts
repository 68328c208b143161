import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageSchema, translationEdition, type Language } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminRestoreBody } from '@epos/schemas/admin/sentences';
import { adminTranslationAnswer, adminTranslationParams, adminTranslationsAnswer, adminTranslationUpdate } from '@epos/schemas/admin/translations';
import { textIn, type SentenceState } from '@epos/domain/poem/sentence-state';
import type { ApiDeps } from '../../deps.js';
import { sentenceCommandAt } from '../sentences/command-at.js';
import { withPosition } from '../../commands.js';
import { commandFor } from '../../poem/edit-routes.js';
import { HttpError } from '../../http/error-handler.js';
import { parseListParams, textValues } from '../list-params.js';
import { sendList } from '../lists.js';
import { restoreSentence } from '../sentences/restore.js';
import { aboutRecord } from '../history/record-events.js';
import { sentencePage, invalid, poemReadModel, sentenceRow, type SentenceRow } from '../sentences/records.js';

const tags = ['admin'];
const SORTS = ['number'] as const;
const FILTERS = ['lang', 'number', 'book', 'canto', 'section'] as const;

function translationRecord(row: SentenceRow, lang: Language, state: SentenceState = row.state, revision = row.revision) {
  const edition = translationEdition[lang];
  return {
    id: `${row.id}-${lang}`,
    sentence: row.id,
    number: row.sentence,
    lang,
    edition,
    source: textIn(state, edition).join('\n'),
    translation: (state.translations[lang] ?? []).join('\n'),
    version: String(revision),
  };
}

const parseId = (id: string) => {
  const [sentence, lang] = id.split('-') as [string, Language];
  return { sentence: Number(sentence), lang };
};

function languageOf(value: unknown): Language {
  const [lang] = textValues('lang', value);
  const parsed = languageSchema.safeParse(lang);
  if (!parsed.success)
    throw new HttpError(400, 'bad_parameter', `filter: lang is one of ${languageSchema.options.join(', ')}`, {}, [{ field: 'filter', message: 'lang' }]);
  return parsed.data;
}

/**
 * Translations per language (filter `lang`, Sanskrit when not given), each beside the text of the
 * edition it was made from; id = `<sentence id>-<lang>`. Saved with the site editor's checks, and
 * restored from the History tab (that language's events in the sentence's stream).
 */
export function translationRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/translations',
      {
        schema: {
          tags,
          summary: 'Translations of one language (filter lang) beside their edition; filter by book, canto, section, number; q searches the first edition',
          querystring: adminListQuery,
          response: { 200: adminTranslationsAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const lang = params.filter.lang === undefined ? 'sa' : languageOf(params.filter.lang);
        const { rows, total } = await sentencePage(deps, request, params);
        return sendList(
          reply,
          'translations',
          params,
          rows.map((row) => translationRecord(row, lang)),
          total,
        );
      },
    );

    app.get(
      '/translations/:id',
      { schema: { tags, summary: "One sentence's translation into one language", params: adminTranslationParams, response: { 200: adminTranslationAnswer } } },
      async (request, reply) => {
        const { sentence, lang } = parseId(request.params.id);
        reply.header('cache-control', 'private, no-store');
        return translationRecord(await sentenceRow(await poemReadModel(deps, request), sentence), lang);
      },
    );

    app.put(
      '/translations/:id',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: "Save one sentence's translation (409 when it changed since `version`)",
          params: adminTranslationParams,
          body: adminTranslationUpdate,
          response: { 200: adminTranslationAnswer },
        },
      },
      async (request, reply) => {
        const { sentence, lang } = parseId(request.params.id);
        if (request.body.translation.trim() === '') throw invalid('translation', 'TextBox cant be Empty');
        const command = commandFor(`tr-${lang}`, request.body.translation);
        if (typeof command === 'string') throw invalid('translation', command);
        const row = await sentenceRow(await poemReadModel(deps, request), sentence);
        const { result, revision } = await sentenceCommandAt(deps, request, row.id, command, BigInt(request.body.version));
        return withPosition(reply, result).send(translationRecord(row, lang, result.state, revision));
      },
    );

    app.post(
      '/translations/:id/restore',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: 'Set a translation back to its text at an event position of its history (a new event; history is kept)',
          params: adminTranslationParams,
          body: adminRestoreBody,
          response: { 200: adminTranslationAnswer },
        },
      },
      async (request, reply) => {
        const { sentence, lang } = parseId(request.params.id);
        const row = await sentenceRow(await poemReadModel(deps, request), sentence);
        const { result, revision } = await restoreSentence(deps, request, row.id, BigInt(request.body.position), {
          command: (then) => ({ kind: 'setTranslation', lang, lines: then.translations[lang] ?? null }),
          versions: aboutRecord(`translation:${lang}`),
          what: 'translation',
        });
        return withPosition(reply, result).send(translationRecord(row, lang, result.state, revision));
      },
    );
  };
}
