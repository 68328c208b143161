import type { LightMyRequestResponse } from 'fastify';
import { userStream, type Role } from '@epos/schemas';
import { provisionUser } from '../accounts/provision.js';
import { TestClient } from './client.js';
import type { TestApi } from './test-api.js';

let serial = 0;

export interface Person {
  client: TestClient;
  userId: string;
  userName: string;
  name: string;
}

/** A confirmed user of a role (bloggers with their blogs), logged in on their own client. */
export async function signIn(api: TestApi, role: Role, options: { blogs?: string[] } = {}): Promise<Person> {
  serial += 1;
  const client = new TestClient(api.app, `203.0.113.${serial % 250}`);
  const userName = `${role}${serial}${process.pid}`;
  const name = `Name ${userName}`;
  const password = `pw-${userName}-secret`;
  const userId = await provisionUser(api.deps, { userName, email: `${userName}@example.org`, name, password, role, confirmed: true, actor: 'test' });
  if (options.blogs) {
    await api.deps.store.append(userStream(userId), [{ type: 'BlogsAssigned', data: { userId, blogs: options.blogs } }], { expectedRevision: 'stream_exists', cause: { actor: 'test' } });
  }
  await caughtUp(api);
  const login = await client.post('/login', { UserName: userName, Password: password });
  if (login.json<{ type: number }>().type !== 1) throw new Error(`could not log in ${userName}: ${login.body}`);
  return { client, userId, userName, name };
}

/** Waits until every projection has read everything appended so far. */
export async function caughtUp(api: TestApi): Promise<void> {
  await api.deps.progress.waitFor(await api.deps.store.headPosition(), { timeoutMs: 10_000 });
}

/** The header that makes a read wait for a command's events. */
export function after(response: LightMyRequestResponse): Record<string, string> {
  const position = response.headers['x-position'];
  return position ? { 'x-consistent-after': String(position) } : {};
}
