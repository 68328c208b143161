/**
 * Real values seen in the API's answers (blog slugs, post urls and ids, user ids, sentence
 * numbers…), by the key they appeared under, so requests can name things that exist and reach
 * the code behind a successful lookup.
 */
export type RealValue = string | number;

/** Keys that name the same things under different spellings, normalised (lower case, no `_`). */
const SYNONYMS: Record<string, readonly string[]> = {
  blog: ['blogid', 'blog'],
  blogid: ['blogid', 'blog'],
  post: ['postid', 'url', 'id'],
  id: ['postid', 'commentid', 'id', 'number'],
  postid: ['postid'],
  url: ['url'],
  series: ['seriesslug', 'slug'],
  authorid: ['authorid', 'userid'],
  userid: ['userid', 'authorid'],
  parentof: ['commentid'],
  pings: ['userid', 'authorid'],
  commentid: ['commentid'],
  userblogs: ['blogid', 'blogs'],
  n: ['number', 'sentence', 'n'],
  line: ['number', 'sentence', 'line'],
  sentencenumber: ['number', 'sentence'],
  lang: ['lang', 'language', 'code'],
  username: ['username'],
  cm: ['content'],
  layer: ['key'],
  forwhom: ['key'],
  revision: ['revision'],
};

/** The keys a parameter or field name may be found under: its own, then its synonyms. */
export function keysFor(name: string): string[] {
  const normalised = normaliseKey(name);
  return [normalised, ...(SYNONYMS[normalised] ?? [])];
}

/** The scalar fields of one object of an answer, by normalised key: values that belong together. */
export type RealRecord = ReadonlyMap<string, RealValue>;

const normaliseKey = (key: string) => key.toLowerCase().replace(/[\s_-]/g, '');

export class ValuePool {
  private readonly byKey = new Map<string, RealValue[]>();
  private readonly excluded = new Set<RealValue>();
  private readonly records: RealRecord[] = [];
  private readonly fresh = new Set<string>();
  private readonly confirmed = new Map<string, RealValue[]>();
  private readonly confirmedPaths = new Map<string, Record<string, string>[]>();

  /**
   * Path parameters a GET answered 200 with something in it: good for that route as a set (a
   * blog and one of its series), and for any parameter of the same name, before other values.
   */
  confirmPath(route: string, parameters: Readonly<Record<string, string>>): void {
    if (Object.values(parameters).some((v) => this.excluded.has(v))) return;
    const paths = this.confirmedPaths.get(route) ?? [];
    if (paths.length < 10 && !paths.some((p) => JSON.stringify(p) === JSON.stringify(parameters))) paths.push({ ...parameters });
    this.confirmedPaths.set(route, paths);
    for (const [name, value] of Object.entries(parameters)) {
      const values = this.confirmed.get(normaliseKey(name)) ?? [];
      if (!values.includes(value) && values.length < 20) values.push(value);
      this.confirmed.set(normaliseKey(name), values);
    }
  }

  /** Sets of path parameters a route answered 200 with. */
  pathsOf(route: string): readonly Record<string, string>[] {
    return this.confirmedPaths.get(route) ?? [];
  }

  /** A field whose value must be new (a 409 said it is taken): made up, never a real one. */
  wantFresh(name: string): void {
    this.fresh.add(normaliseKey(name));
  }

  wantsFresh(name: string): boolean {
    return this.fresh.has(normaliseKey(name));
  }

  /** Values never offered (the fuzzer's own users: attacking them would end its sessions). */
  exclude(value: RealValue): void {
    this.excluded.add(value);
    for (const [key, values] of this.byKey)
      this.byKey.set(
        key,
        values.filter((v) => v !== value),
      );
  }

  add(key: string, value: RealValue): void {
    if (this.excluded.has(value) || (typeof value === 'string' && (value.length === 0 || value.length > 200))) return;
    const normalised = normaliseKey(key);
    const values = this.byKey.get(normalised) ?? [];
    if (!values.includes(value) && values.length < 50) values.push(value);
    this.byKey.set(normalised, values);
  }

  /**
   * Every string and number leaf of a JSON answer, under its key (array items under the array's).
   * `given` are the request's own parameters: each object's record also holds them, so a comment
   * listed for a post is recorded with that post.
   */
  harvest(json: unknown, key = '', given: Readonly<Record<string, RealValue>> = {}): void {
    if (typeof json === 'string' || (typeof json === 'number' && Number.isSafeInteger(json))) {
      if (key) this.add(key, json);
    } else if (Array.isArray(json)) {
      for (const item of json.slice(0, 50)) this.harvest(item, key, given);
    } else if (json !== null && typeof json === 'object') {
      const record = new Map<string, RealValue>();
      for (const [k, v] of Object.entries(json)) {
        this.harvest(v, k, given);
        if ((typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isSafeInteger(v))) record.set(normaliseKey(k), v);
      }
      for (const [k, v] of Object.entries(given)) if (!record.has(normaliseKey(k))) record.set(normaliseKey(k), v);
      const excluded = [...record.values()].some((v) => this.excluded.has(v));
      if (record.size >= 2 && !excluded && this.records.length < 5000) this.records.push(record);
    }
  }

  /**
   * An object seen in an answer holding values for as many of these names as any other (more than
   * one), so that a post id goes with its own blog: one of the best, picked at random.
   */
  recordFor(names: readonly string[], random: () => number, fits: (name: string, value: RealValue) => boolean = () => true): RealRecord | null {
    if (names.length < 2) return null;
    let best: RealRecord[] = [];
    let bestScore = 2;
    for (const record of this.records) {
      const score = recordScore(record, names, fits);
      if (score > bestScore) {
        best = [record];
        bestScore = score;
      } else if (score === bestScore && best.length > 0 && best.length < 20) best.push(record);
    }
    return best.length > 0 ? best[Math.floor(random() * best.length)]! : null;
  }

  /** Values for a parameter or field name: its own key first, then its synonyms'. */
  candidates(name: string): RealValue[] {
    return [...new Set(this.candidateGroups(name).flat())];
  }

  /** Values that worked for this very name first, then those under each key it may be found under, in the order of `keysFor`. */
  candidateGroups(name: string): RealValue[][] {
    return [this.confirmed.get(normaliseKey(name)) ?? [], ...keysFor(name).map((key) => this.byKey.get(key) ?? [])];
  }

  get size(): number {
    return [...this.byKey.values()].reduce((sum, values) => sum + values.length, 0);
  }
}

/** How well a record names these: 2 for each name under its own key, 1 under a synonym; one key per name. */
function recordScore(record: RealRecord, names: readonly string[], fits: (name: string, value: RealValue) => boolean = () => true): number {
  const used = new Set<string>();
  let score = 0;
  for (const name of names) {
    const keys = keysFor(name);
    const key = keys.find((k) => record.has(k) && !used.has(k) && fits(name, record.get(k)!));
    if (key === undefined) continue;
    used.add(key);
    score += key === keys[0] ? 2 : 1;
  }
  return score;
}
