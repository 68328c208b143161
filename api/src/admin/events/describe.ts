import { streamKind } from '@epos/schemas/events/stream-kind';

/** "SentenceTextSet" → "Sentence text set". */
export function typeInWords(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const RESOURCE_OF_KIND: Readonly<Record<string, string>> = {
  sentence: 'sentences',
  post: 'posts',
  user: 'users',
  blog: 'blogs',
  suggestion: 'suggestions',
  job: 'queues',
  media: 'media',
};

/** The console page of the record a stream holds, if it has one ("post-url-…" claims have none). */
export function recordOf(streamId: string): { resource: string; id: string } | null {
  const kind = streamKind(streamId);
  const resource = RESOURCE_OF_KIND[kind];
  const id = streamId.slice(kind.length + 1);
  if (resource === undefined || id === '' || (kind === 'post' && id.startsWith('url-'))) return null;
  return { resource, id };
}
