import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { handleCommand } from '@epos/platform';
import { POEM_STREAM } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminLayerAnswer, adminLayerCreate, adminLayerParams, adminLayersAnswer, adminLayerUpdate } from '@epos/schemas/admin/layers';
import { structureDecider } from '@epos/domain/poem/structure-decider';
import { ownEntry, type PoemStructure } from '@epos/domain/poem/structure-state';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { HttpError } from '../../http/error-handler.js';
import { parseListParams, textValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { sendList } from '../lists.js';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { readModelSchema, afterWrite } from '../../read-models.js';
import { poemReadModel } from '../sentences/records.js';

const tags = ['admin'];
const SORTS = ['id', 'order', 'label'] as const;
const FILTERS = ['id'] as const;
const noLayer = () => new HttpError(404, 'not_found', 'No such layer');

interface LayerRow {
  key: string;
  label: string;
  author: string;
  order: number;
}

function layerRecord(layer: LayerRow, structure: PoemStructure, revision: string) {
  const cantoNotes = Object.entries(structure.cantos)
    .map(([key, canto]) => {
      const [book, number] = key.split('.').map(Number) as [number, number];
      return { book, canto: number, name: canto.name, text: ownEntry(canto.notes, layer.key) ?? null };
    })
    .sort((a, b) => a.book - b.book || a.canto - b.canto);
  return { id: layer.key, label: layer.label, author: layer.author, order: layer.order, version: revision, cantoNotes };
}

/**
 * Commentary layers (id = the layer's key): add, rename, reorder, retire, and each layer's notes on
 * cantos, through the poem structure's decider. The few layers are rows of the structure document,
 * listed by SQL over its `layers` object.
 */
export function layerRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const load = async (request: Parameters<typeof poemReadModel>[1]) => {
      const db = await poemReadModel(deps, request);
      const row = await db.selectFrom('structure').select(['revision', 'state']).where('id', '=', 1).executeTakeFirst();
      return { db, revision: row?.revision ?? '-1', structure: row?.state ?? null };
    };
    const command = (request: Parameters<typeof causeOf>[0], cmd: Parameters<typeof structureDecider.decide>[0], expectedRevision?: bigint) =>
      handleCommand(deps.store, {
        streamId: POEM_STREAM,
        decider: structureDecider,
        command: cmd,
        cause: causeOf(request),
        ...(expectedRevision === undefined ? {} : { expectedRevision }),
      });

    app.get(
      '/layers',
      {
        schema: {
          tags,
          summary: 'Commentary layers, by order; q searches key, label and author',
          querystring: adminListQuery,
          response: { 200: adminLayersAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const { db, revision, structure } = await load(request);
        // Raw SQL is not given the read model's schema by Kysely: name it.
        const table = sql.id(await readModelSchema(deps, request, POEM_PROJECTION), 'structure');
        const column = { id: sql`key`, order: sql`(value->>'order')::int`, label: sql`value->>'label'` }[params.sort?.field ?? 'order'];
        const ids = params.filter.id === undefined ? null : textValues('id', params.filter.id);
        const pattern = params.q === '' ? null : containing(params.q);
        const where = sql`where (${ids}::text[] is null or key = any(${ids}::text[])) and (${pattern}::text is null or key ilike ${pattern} or value->>'label' ilike ${pattern} or value->>'author' ilike ${pattern})`;
        const rows = await sql<LayerRow & { total: string }>`
        select key, value->>'label' as label, value->>'author' as author, (value->>'order')::int as "order", count(*) over () as total
        from ${table}, jsonb_each(state->'layers') ${where}
        order by ${column} ${sql.raw(params.sort?.order ?? 'asc')}, key
        offset ${params.range.start} limit ${params.range.end - params.range.start + 1}`.execute(db);
        const total = rows.rows[0] ? Number(rows.rows[0].total) : 0;
        return sendList(
          reply,
          'layers',
          params,
          rows.rows.map((r) => layerRecord(r, structure!, revision)),
          total,
        );
      },
    );

    app.get(
      '/layers/:id',
      { schema: { tags, summary: 'One commentary layer with its canto notes', params: adminLayerParams, response: { 200: adminLayerAnswer } } },
      async (request, reply) => {
        const { revision, structure } = await load(request);
        const layer = structure ? ownEntry(structure.layers, request.params.id) : undefined;
        if (!structure || !layer) throw noLayer();
        reply.header('cache-control', 'private, no-store');
        return layerRecord({ key: request.params.id, ...layer }, structure, revision);
      },
    );

    app.post(
      '/layers',
      { config: { permission: 'poem.edit' }, schema: { tags, summary: 'Add a commentary layer', body: adminLayerCreate, response: { 200: adminLayerAnswer } } },
      async (request, reply) => {
        const { id, label, author, order } = request.body;
        const { revision } = await load(request);
        const result = await command(request, { kind: 'addLayer', key: id, label, author, order }, BigInt(revision));
        // The console opens the new layer next, by a plain GET: let the read model have it first.
        if (result.position !== null) await afterWrite(deps, result.position, [POEM_PROJECTION], 5_000);
        return withPosition(reply, result).send(layerRecord({ key: id, label, author, order }, result.state, (BigInt(revision) + 1n).toString()));
      },
    );

    app.put(
      '/layers/:id',
      {
        config: { permission: 'poem.edit' },
        schema: {
          tags,
          summary: 'Rename, reorder a layer and set its canto notes (409 when stale)',
          params: adminLayerParams,
          body: adminLayerUpdate,
          response: { 200: adminLayerAnswer },
        },
      },
      async (request, reply) => {
        const { version, label, author, order, cantoNotes } = request.body;
        const result = await command(request, { kind: 'editLayer', key: request.params.id, label, author, order, cantoNotes }, BigInt(version));
        const layer = result.state.layers[request.params.id]!;
        return withPosition(reply, result).send(
          layerRecord({ key: request.params.id, ...layer }, result.state, (BigInt(version) + BigInt(result.events.length)).toString()),
        );
      },
    );

    app.delete(
      '/layers/:id',
      {
        config: { permission: 'poem.edit' },
        schema: { tags, summary: 'Retire a commentary layer (its history stays)', params: adminLayerParams, response: { 200: adminLayerAnswer } },
      },
      async (request, reply) => {
        const { revision, structure } = await load(request);
        const layer = structure ? ownEntry(structure.layers, request.params.id) : undefined;
        if (!structure || !layer) throw noLayer();
        const result = await command(request, { kind: 'retireLayer', key: request.params.id });
        return withPosition(reply, result).send(layerRecord({ key: request.params.id, ...layer }, structure, revision));
      },
    );
  };
}
