import type { Health, ProjectionHealth } from './types';

/** The body of GET /api/health did not have the expected shape. */
export class HealthShapeError extends Error {
  constructor(detail: string) {
    super(`Unexpected /api/health answer: ${detail}`);
    this.name = 'HealthShapeError';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(obj: Json, key: string, where: string): string {
  const value = obj[key];
  if (typeof value === 'string') return value;
  // positions are bigints sent as strings; tolerate a plain number too
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new HealthShapeError(`${where}.${key} should be a string`);
}

/**
 * A light structural check of the health answer (the full zod schema would cost
 * the reader bundle more than it saves). Unknown status values are kept as text so
 * a newer server does not break the card; the labels fall back gracefully.
 */
export function parseHealth(body: unknown): Health {
  if (!isObject(body)) throw new HealthShapeError('not an object');
  if (!Array.isArray(body.projections)) throw new HealthShapeError('projections should be a list');
  const projections = body.projections.map((item: unknown, i): ProjectionHealth => {
    const where = `projections[${i}]`;
    if (!isObject(item)) throw new HealthShapeError(`${where} is not an object`);
    const version = item.version;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      throw new HealthShapeError(`${where}.version should be a whole number`);
    }
    const error = item.error;
    if (error !== null && error !== undefined && typeof error !== 'string') {
      throw new HealthShapeError(`${where}.error should be text or null`);
    }
    return {
      name: text(item, 'name', where),
      version,
      active: item.active === true,
      status: text(item, 'status', where) as ProjectionHealth['status'],
      checkpoint: text(item, 'checkpoint', where),
      lag: text(item, 'lag', where),
      error: error ?? null,
    };
  });
  return {
    status: text(body, 'status', 'health') as Health['status'],
    head: text(body, 'head', 'health'),
    eventStore: text(body, 'eventStore', 'health'),
    projections,
  };
}
