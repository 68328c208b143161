/** Entries of one command share a correlation id and stand together (newest first, as given). */
export function groupByCommand<Entry extends { correlationId: string }>(entries: readonly Entry[]): Entry[][] {
  const groups: Entry[][] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last[0]!.correlationId === entry.correlationId) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}
