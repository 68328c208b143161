import { z } from 'zod';

/**
 * A list request of the admin console, as ra-data-simple-rest sends it:
 * `?sort=["field","ASC"]&range=[0,24]&filter={"q":"…","field":value}` (JSON in each parameter).
 * The server parses and checks each against the resource's own columns (api/src/admin/list-params.ts).
 */
export const adminListQuery = z.object({
  sort: z.string().max(200).optional().describe('["field","ASC"|"DESC"]'),
  range: z.string().max(100).optional().describe('[first,last], both inclusive; at most 1,000 records'),
  filter: z.string().max(4000).optional().describe('{"q": full text, field: value or [values]}'),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** `getMany` asks GET /admin-api/<resource>?filter={"id":[…]}; ids are strings or numbers. */
export const adminId = z.union([z.string().max(200), z.number().int()]);
