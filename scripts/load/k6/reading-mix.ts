/**
 * `npm run load`'s scenario for operators who have k6 (v0.57 or later runs TypeScript as it is):
 * readers in closed loops reading the mix of ../mix.ts (a share signed in as the demo reader) and
 * writers saving notes, commenting and editing a post, against a running site started with
 * RATE_LIMIT_FACTOR raised (say 1000) and its demo content:
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e SECONDS=60 -e READERS=200 -e WRITERS=5 scripts/load/k6/reading-mix.ts
 *
 * The summary prints each route's count, median, p95, p99 and max; k6 exits non-zero when any
 * request fails (an answer ≥ 400, or none). The site's CPU and memory are not k6's to see: watch
 * its process, or run `npm run load`.
 */
import { check, sleep } from 'k6';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';
import type { ConstantVUsScenario, Options } from 'k6/options';
import {
  commentBody,
  DEMO_ACCOUNTS,
  discoverCatalogue,
  EDITED_POST,
  noteBody,
  postEdit,
  READ_ROUTES,
  READER_THINK_MS,
  readingMix,
  SIGNED_IN_SHARE,
  thinkTime,
  WRITE_ROUTES,
  WRITER_THINK_MS,
  writerRole,
  type Answer,
  type Catalogue,
  type EditedPost,
  type Read,
  type WriterRole,
} from '../mix.ts';

const BASE = __ENV.BASE_URL ?? 'http://127.0.0.1:3000';
const SECONDS = Number(__ENV.SECONDS ?? 60);
const READERS = Number(__ENV.READERS ?? 200);
const WRITERS = Number(__ENV.WRITERS ?? 5);
const SIGNED_IN = Math.round(READERS * SIGNED_IN_SHARE);
const BROWSER = { 'accept-encoding': 'br, gzip' };

interface SetupData {
  catalogue: Catalogue;
  /** The demo reader's session, for the signed-in readers. */
  cookie: string;
}

const writersOf = (role: WriterRole) => Array.from({ length: WRITERS }, (_, i) => writerRole(i)).filter((r) => r === role).length;
const scenario = (exec: string, vus: number): [string, ConstantVUsScenario] => [exec, { executor: 'constant-vus', exec, vus, duration: `${SECONDS}s` }];

export const options: Options = {
  scenarios: Object.fromEntries(
    [
      scenario('anonymousReader', READERS - SIGNED_IN),
      scenario('signedInReader', SIGNED_IN),
      scenario('noteWriter', writersOf('notes')),
      scenario('commentWriter', writersOf('comments')),
      scenario('blogger', writersOf('blogger')),
    ].filter(([, s]) => (s.vus ?? 0) > 0),
  ),
  thresholds: {
    http_req_failed: ['rate==0'],
    checks: ['rate==1'],
    // A threshold that always holds, per route: k6 then keeps and prints each route's figures.
    ...Object.fromEntries([...READ_ROUTES, ...Object.values(WRITE_ROUTES)].map((route) => [`http_req_duration{name:${route}}`, ['max>=0']])),
  },
  summaryTrendStats: ['count', 'med', 'p(95)', 'p(99)', 'max'],
};

const json = <T>(response: RefinedResponse<ResponseType | undefined>) => response.json() as unknown as T;

/** Reads the catalogue as `npm run load` does; a dictionary word WordNet lacks answers 404 there. */
function catalogueOf(): Catalogue {
  const steps = discoverCatalogue();
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    const response = http.get(`${BASE}${step.value}`, { responseCallback: http.expectedStatuses(200, 404), tags: { name: 'setup' } });
    const answer: Answer = { status: response.status, body: response.headers['Content-Type']?.includes('json') ? response.json() : null };
    step = steps.next(answer);
  }
}

/** Signs this VU in (its cookie jar keeps the session) and answers the anti-forgery token bound to the new session. */
function signIn(account: { userName: string; password: string }): string {
  const token = () => json<{ token: string }>(http.get(`${BASE}/api/csrf`, { tags: { name: 'setup' } })).token;
  const response = http.post(`${BASE}/login`, JSON.stringify({ UserName: account.userName, Password: account.password }), {
    headers: { 'content-type': 'application/json', 'x-csrf-token': token() },
    tags: { name: 'setup' },
  });
  if (json<{ type?: number }>(response).type !== 1) throw new Error(`could not sign in ${account.userName}: ${response.status}`);
  return token();
}

export function setup(): SetupData {
  const catalogue = catalogueOf();
  signIn(DEMO_ACCOUNTS.reader);
  const session = http.cookieJar().cookiesForURL(BASE);
  return {
    catalogue,
    cookie: Object.entries(session)
      .map(([name, values]) => `${name}=${values[0]}`)
      .join('; '),
  };
}

/** This VU's reads (each VU runs its own copy of the module). */
let next: (() => Read) | null = null;

function read(data: SetupData, signedIn: boolean): void {
  next ??= readingMix(data.catalogue, Math.random, signedIn);
  const { route, path } = next();
  const response = http.get(`${BASE}${path}`, {
    headers: signedIn ? { ...BROWSER, cookie: data.cookie } : BROWSER,
    tags: { name: route, reader: signedIn ? 'signed-in' : 'anonymous' },
  });
  check(response, { 'answered below 400': (r) => r.status > 0 && r.status < 400 });
  sleep(thinkTime(READER_THINK_MS, Math.random) / 1000);
}

export function anonymousReader(data: SetupData): void {
  read(data, false);
}

export function signedInReader(data: SetupData): void {
  read(data, true);
}

/** This VU's anti-forgery token once signed in, and its count of writes. */
let token: string | null = null;
let written = 0;

function write(route: string, path: string, body: object): RefinedResponse<ResponseType | undefined> {
  const response = http.post(`${BASE}${path}`, JSON.stringify(body), {
    headers: { 'content-type': 'application/json', 'x-csrf-token': token! },
    tags: { name: route },
  });
  check(response, { written: (r) => r.status === 200 });
  sleep(thinkTime(WRITER_THINK_MS, Math.random) / 1000);
  return response;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

export function noteWriter(data: SetupData): void {
  token ??= signIn(DEMO_ACCOUNTS.reader);
  write(WRITE_ROUTES.note, '/postdata/myNotes', noteBody(++written, pick(data.catalogue.sentences)));
}

export function commentWriter(data: SetupData): void {
  token ??= signIn(DEMO_ACCOUNTS.reader);
  write(WRITE_ROUTES.comment, `/postdata/comment/${pick(data.catalogue.posts).id}`, commentBody(++written));
}

let edited: EditedPost | null = null;

/** Odd steps autosave the demo post, even ones update it with the revision the last update answered. */
export function blogger(data: SetupData): void {
  token ??= signIn(DEMO_ACCOUNTS.blogger);
  if (!edited) {
    const post = data.catalogue.posts.find((candidate) => candidate.blog === EDITED_POST.blog && candidate.url === EDITED_POST.url);
    if (!post) throw new Error(`the demo post ${EDITED_POST.blog}/${EDITED_POST.url} is missing`);
    edited = json<EditedPost>(http.get(`${BASE}/postdata/edit/${post.id}`, { tags: { name: 'setup' } }));
  }
  const { autosave, update } = postEdit(++written, edited);
  if (written % 2 === 1) {
    write(WRITE_ROUTES.autosave, '/postdata/autosave', autosave);
    return;
  }
  const response = write(WRITE_ROUTES.update, '/postdata/update', update);
  if (response.status === 200) edited.revision = json<{ revision: number }>(response).revision;
}
