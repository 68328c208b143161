import { SYSTEM_ACTOR, type Role } from '@epos/schemas';
import type { DemoSeeder } from '../demo/seed.js';
import { provisionUser } from './provision.js';

/** Demo accounts (documented in the README); they exist only where the demo content was seeded. */
const DEMO_USERS: { userName: string; password: string; role: Role }[] = [
  { userName: 'admin', password: 'demo-admin-password', role: 'admin' },
  { userName: 'blogger', password: 'demo-blogger-password', role: 'blogger' },
  { userName: 'reader', password: 'demo-reader-password', role: 'user' },
];

export const demoUsersSeeder: DemoSeeder = {
  name: 'accounts',
  async seed(context) {
    if (context.config.NODE_ENV === 'production') throw new Error('Demo accounts are not created in production');
    for (const user of DEMO_USERS) {
      await provisionUser(context, {
        ...user,
        email: `${user.userName}@demo.epos.invalid`,
        name: `Demo ${user.userName}`,
        confirmed: true,
        actor: SYSTEM_ACTOR,
      });
    }
  },
};
