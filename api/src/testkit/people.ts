import type { LightMyRequestResponse } from 'fastify';
import { userStream, type Role } from '@epos/schemas';
import { provisionUser } from '../accounts/provision.js';
import { TestClient } from './client.js';
import type { TestApi } from './test-api.js';

let serial = 0;

/** What making accounts needs of an API: its dependencies (a test API's, or those of an API built elsewhere). */
type WithDeps = Pick<TestApi, 'deps'> & Partial<Pick<TestApi, 'reactors'>>;

interface Account {
  userId: string;
  userName: string;
  name: string;
  password: string;
}

export interface Person {
  client: TestClient;
  userId: string;
  userName: string;
  name: string;
  password: string;
}

/** A new confirmed user of a role (with these blogs), once every projection has read it. */
export async function newAccount(api: WithDeps, role: Role, options: { blogs?: string[] } = {}): Promise<Account> {
  serial += 1;
  const userName = `${role}${serial}${process.pid}`;
  const name = `Name ${userName}`;
  const password = `pw-${userName}-secret`;
  const userId = await provisionUser(api.deps, { userName, email: `${userName}@example.org`, name, password, role, confirmed: true, actor: 'test' });
  if (options.blogs) {
    await api.deps.store.append(userStream(userId), [{ type: 'BlogsAssigned', data: { userId, blogs: options.blogs } }], {
      expectedRevision: 'stream_exists',
      cause: { actor: 'test' },
    });
  }
  await caughtUp(api);
  return { userId, userName, name, password };
}

/** A confirmed user of a role (bloggers with their blogs), logged in on their own client. */
export async function signIn(api: TestApi, role: Role, options: { blogs?: string[] } = {}): Promise<Person> {
  const { userId, userName, name, password } = await newAccount(api, role, options);
  // An address of its own per account (the account's number), as rate limits see clients.
  const client = new TestClient(api.app, `203.0.113.${serial % 250}`);
  const login = await client.post('/login', { UserName: userName, Password: password });
  if (login.json<{ type: number }>().type !== 1) throw new Error(`could not log in ${userName}: ${login.body}`);
  return { client, userId, userName, name, password };
}

/** Waits until every projection has read everything appended so far (or the time is up). */
export async function caughtUp(api: WithDeps, timeoutMs = 60_000): Promise<void> {
  const head = await api.deps.store.headPosition();
  await api.deps.progress.waitFor(head, { timeoutMs });
  await api.reactors?.waitFor(head, timeoutMs);
}

/** The header that makes a read wait for a command's events. */
export function after(response: LightMyRequestResponse): Record<string, string> {
  const position = response.headers['x-position'];
  return position ? { 'x-consistent-after': String(position) } : {};
}
