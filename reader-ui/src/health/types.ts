// The contract lives in schemas/ (zod); only its types are imported, so no zod reaches the bundle.
export type { Health, ProjectionHealth } from '@epos/schemas/api/health';
