/** The reader's colour classes (GET /api/getColorRelation): relation-1 … relation-20. */
export const RELATION_COLOURS = 20;

/** The colour class of each Sanskrit word, by first appearance (the same rule as the server's getColorRelation). */
export function colourClasses(relations: readonly { Snumber: number }[]): Map<number, number> {
  const colours = new Map<number, number>();
  for (const r of relations) if (!colours.has(r.Snumber)) colours.set(r.Snumber, (colours.size % RELATION_COLOURS) + 1);
  return colours;
}
