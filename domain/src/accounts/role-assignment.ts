import type { Role } from '@epos/schemas';
import { DomainError } from '../decider.js';

export interface RoleAssignment {
  userId: string;
  role: Role;
  /** The blogs asked for, each once. */
  blogs: readonly string[];
  /** The blogs that exist. */
  knownBlogs: ReadonlySet<string>;
  /** The user as the site knows them; null when there is none. */
  target: { role: Role; deleted: boolean } | null;
  /** Administrators the site has now (not deleted). */
  admins: number;
}

export type RoleAssignmentEvent =
  { type: 'RoleAssigned'; data: { userId: string; role: Role } } | { type: 'BlogsAssigned'; data: { userId: string; blogs: string[] } };

/** The spec's rules for giving a user a role and blogs (section 7), as the events that do it. */
export function assignRole(command: RoleAssignment): RoleAssignmentEvent[] {
  const { userId, role, blogs } = command;
  if (role === 'user' && blogs.length > 0) throw new DomainError('invalid', 'User with role user cannot be assigned any blog', 'UserBlogs');
  if (role === 'blogger' && blogs.length === 0) throw new DomainError('invalid', 'At least one blog is to assigned to blogger', 'UserBlogs');
  const unknown = blogs.find((blog) => !command.knownBlogs.has(blog));
  if (unknown) throw new DomainError('invalid', `There is no blog ${unknown}`, 'UserBlogs');
  if (!command.target || command.target.deleted) throw new DomainError('not_found', 'Not Found');
  if (command.target.role === 'admin' && role !== 'admin' && command.admins <= 1)
    throw new DomainError('invalid', 'The last administrator cannot give up the role', 'UserRole');
  return [
    { type: 'RoleAssigned', data: { userId, role } },
    { type: 'BlogsAssigned', data: { userId, blogs: role === 'user' ? [] : [...blogs] } },
  ];
}

/** Whether an assignment gives its user another role: their sessions end, as a change of privilege asks. */
export function changesRole(command: Pick<RoleAssignment, 'role' | 'target'>): boolean {
  return command.target !== null && command.target.role !== command.role;
}
