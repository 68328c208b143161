import { describe, expect, it } from 'vitest';
import { IDENTITY_NAMES } from './fuzz-request.js';
import { assignIdentities, baselineRequests, generateRequests, interleave } from './generate-requests.js';
import { valuesOfTier } from './hostile-values.js';
import { operationsOf, type OpenApiDocument } from './openapi-operations.js';
import { percentEncode } from './percent-encoding.js';
import { ValuePool } from './value-pool.js';

const document: OpenApiDocument = {
  paths: {
    '/api/health': { get: { summary: 'Health' } },
    '/api/blogs/{blog}': {
      get: {
        parameters: [
          { name: 'blog', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        ],
      },
    },
    '/postdata/note': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { id: { type: 'integer', minimum: 1 }, text: { type: 'string' } }, required: ['id', 'text'] },
            },
          },
        },
      },
    },
    '/postdata/media': { post: { summary: 'Upload images' } },
    '/login': { post: { summary: 'Log in' } },
  },
};
const extra = { 'POST /login': { type: 'object', properties: { UserName: { type: 'string' }, Password: { type: 'string' } } } };
const operations = operationsOf(document, extra);
const pool = new ValuePool();
pool.harvest([{ blogId: 'reading-notes', title: 'Reading Notes' }]);

describe('operationsOf', () => {
  it('finds every route and method, its parameters and its body, documented or supplied', () => {
    expect(operations.map((o) => o.route)).toEqual(['GET /api/health', 'GET /api/blogs/{blog}', 'POST /postdata/note', 'POST /postdata/media', 'POST /login']);
    expect(operations[1]!.parameters.map((p) => `${p.in} ${p.name} ${p.required}`)).toEqual(['path blog true', 'query page false']);
    expect(operations[2]!.body?.documented).toBe(true);
    expect(operations[4]!.body?.documented).toBe(false);
    expect(operations.filter((o) => o.upload).map((o) => o.route)).toEqual(['POST /postdata/media']);
  });
});

describe('generateRequests', () => {
  const requests = generateRequests({ operations, pool, seed: 7, tier: 1 });

  it('makes requests for every route and method of the document', () => {
    expect(new Set(requests.map((r) => r.route))).toEqual(new Set(operations.map((o) => o.route)));
  });

  it('puts every URL-able hostile value of the tier in every path and query parameter, and every JSON one in every body field', () => {
    const urlValues = valuesOfTier(1).filter((v) => v.url !== null);
    const jsonValues = valuesOfTier(1).filter((v) => v.json !== undefined);
    for (const where of ['path blog', 'query page']) {
      expect(
        requests
          .filter((r) => r.attack.startsWith(`${where} = `))
          .map((r) => r.attack.slice(where.length + 3))
          .sort(),
      ).toEqual(urlValues.map((v) => v.name).sort());
    }
    for (const field of ['id', 'text']) expect(requests.filter((r) => r.attack.startsWith(`body ${field} = `))).toHaveLength(jsonValues.length);
    expect(requests.find((r) => r.attack === 'path blog = NUL')?.path).toBe('/api/blogs/%00?page=1');
    expect(requests.find((r) => r.attack === 'body text = lone high surrogate')?.body).toBe('{"id":1,"text":"\\ud800"}');
  });

  it('starts from valid values, real ones when the answers had some', () => {
    const valid = baselineRequests({ operations, pool, seed: 7 });
    expect(valid).toHaveLength(operations.length * IDENTITY_NAMES.length);
    expect(valid.find((r) => r.route === 'GET /api/blogs/{blog}')?.path).toBe('/api/blogs/reading-notes?page=1');
  });

  it('flags non-canonical numbers only where a number is expected', () => {
    expect(requests.find((r) => r.attack === 'body id = true')?.nonCanonicalNumber).toBe(true);
    expect(requests.find((r) => r.attack === 'body text = true')?.nonCanonicalNumber).toBe(false);
    expect(requests.find((r) => r.attack === 'query page = " 1 "')?.path).toBe('/api/blogs/reading-notes?page=%201%20');
  });

  it('attacks bodies as a whole, uploads with broken multipart, and writes without the anti-forgery token', () => {
    const attacks = (route: string) => requests.filter((r) => r.route === route).map((r) => r.attack);
    expect(attacks('POST /postdata/note')).toEqual(
      expect.arrayContaining(['body: malformed JSON (unterminated)', 'body: __proto__ key', 'body: valid body as a form', 'no anti-forgery token']),
    );
    expect(attacks('POST /postdata/media')).toEqual(
      expect.arrayContaining(['upload: truncated in the file data', 'upload: content type without boundary', 'upload: oversized part (6 MB)']),
    );
    expect(attacks('GET /api/health')).toEqual(['unknown query parameters']);
    expect(requests.find((r) => r.attack === 'no anti-forgery token')?.csrf).toBe('omit');
  });

  it('gives the same requests for the same seed and another order for another', () => {
    const again = generateRequests({ operations, pool, seed: 7, tier: 1 });
    const other = generateRequests({ operations, pool, seed: 8, tier: 1 });
    expect(again.map((r) => r.attack)).toEqual(requests.map((r) => r.attack));
    expect(other.map((r) => r.attack)).not.toEqual(requests.map((r) => r.attack));
    expect(new Set(other.map((r) => r.attack))).toEqual(new Set(requests.map((r) => r.attack)));
  });

  it('sends more of the full tier', () => {
    expect(generateRequests({ operations, pool, seed: 7, tier: 2 }).length).toBeGreaterThan(requests.length);
  });
});

describe('assignIdentities', () => {
  it('sends mostly as those allowed, every eighth request as someone refused', () => {
    const variants = Array.from({ length: 16 }, (_, i) => ({
      route: 'r',
      method: 'POST',
      path: '/',
      headers: {},
      body: null,
      attack: String(i),
      nonCanonicalNumber: false,
    }));
    const identities = assignIdentities(variants, ['admin'], 0).map((r) => r.identity);
    expect(identities.filter((i) => i !== 'admin')).toEqual(['blogger', 'reader']);
    expect(identities[7]).toBe('blogger');
    expect(
      assignIdentities(variants, IDENTITY_NAMES, 0)
        .map((r) => r.identity)
        .slice(0, 4),
    ).toEqual([...IDENTITY_NAMES]);
  });
});

describe('interleave', () => {
  it('takes one from each list in turn', () => {
    expect(interleave([[1, 2, 3], [10], [20, 21]])).toEqual([1, 10, 20, 2, 21, 3]);
  });
});

describe('percentEncode', () => {
  it('writes lone surrogates as their WTF-8 bytes, which are invalid UTF-8', () => {
    expect(percentEncode('\ud800')).toBe('%ED%A0%80');
    expect(percentEncode('a b/é😀')).toBe('a%20b%2F%C3%A9%F0%9F%98%80');
  });
});
