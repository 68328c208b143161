/**
 * The writers, in a process of their own (see ./load-process.ts), each signed in with a session of
 * its own through the real login and anti-forgery token (../testkit/site-client.ts): readers saving
 * notes on sentences and commenting on posts, and the blogger editing a post (an autosave, then an
 * update with the revision the last answered), a think time between writes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { commentBody, DEMO_ACCOUNTS, EDITED_POST, noteBody, postEdit, thinkTime, WRITE_ROUTES, writerRole, type EditedPost, type WriterRole } from './mix.js';
import { SiteClient } from '../testkit/site-client.js';
import { cpuBetween, loadProcessArguments, until, windowTimes, type WritersConfig } from './load-process.js';
import { Recorder } from './samples.js';

const { config, finish } = loadProcessArguments<WritersConfig>();
const { start, from, until: end } = windowTimes(config.window);
const recorder = new Recorder(from, end);
const cpu = cpuBetween(from, end);
const { catalogue } = config;

async function signedIn(account: { userName: string; password: string }): Promise<SiteClient> {
  const client = new SiteClient(config.base);
  await client.login(account.userName, account.password);
  return client;
}

/** Sends one write, records it, and answers its JSON when it succeeded. */
async function write(client: SiteClient, route: string, path: string, body: object): Promise<unknown> {
  const sentAt = performance.now();
  try {
    const response = await client.request('POST', path, { body });
    const text = await response.text();
    recorder.answered(route, sentAt, performance.now(), response.status, path);
    return response.ok ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    recorder.unanswered(route, sentAt, path, error);
    return null;
  }
}

/** The writer's loop of one step after another until the window ends. */
async function writer(i: number, role: WriterRole): Promise<void> {
  const random = seededRandom(config.seed * 7_919 + i);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const client = await signedIn(role === 'blogger' ? DEMO_ACCOUNTS.blogger : DEMO_ACCOUNTS.reader);
  const steps: Record<WriterRole, () => Promise<(n: number) => Promise<unknown>>> = {
    notes: async () => (n) => write(client, WRITE_ROUTES.note, '/postdata/myNotes', noteBody(n, pick(catalogue.sentences))),
    comments: async () => (n) => write(client, WRITE_ROUTES.comment, `/postdata/comment/${pick(catalogue.posts).id}`, commentBody(n)),
    blogger: () => blogger(client),
  };
  const step = await steps[role]();
  await until(start);
  await sleep(thinkTime(config.thinkMs, random));
  for (let n = 1; performance.now() < end; n++) {
    await step(n);
    await sleep(thinkTime(config.thinkMs, random));
  }
}

/** The blogger's steps on the demo's post: odd ones autosave, even ones update it. */
async function blogger(client: SiteClient): Promise<(n: number) => Promise<unknown>> {
  const post = catalogue.posts.find((candidate) => candidate.blog === EDITED_POST.blog && candidate.url === EDITED_POST.url);
  if (!post) throw new Error(`the demo post ${EDITED_POST.blog}/${EDITED_POST.url} is missing`);
  const response = await client.request('GET', `/postdata/edit/${post.id}`);
  if (!response.ok) throw new Error(`GET /postdata/edit/${post.id} answered ${response.status}`);
  const edited = (await response.json()) as EditedPost;
  return async (n) => {
    const { autosave, update } = postEdit(n, edited);
    if (n % 2 === 1) return write(client, WRITE_ROUTES.autosave, '/postdata/autosave', autosave);
    const answer = (await write(client, WRITE_ROUTES.update, '/postdata/update', update)) as { revision?: number } | null;
    if (answer?.revision !== undefined) edited.revision = answer.revision;
    return answer;
  };
}

await Promise.all(Array.from({ length: config.writers }, (_, i) => writer(i, writerRole(i))));
finish(recorder.report(cpu()));
