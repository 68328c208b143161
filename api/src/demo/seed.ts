import type { Runtime } from '@epos/platform';
import { demoUsersSeeder } from '../accounts/demo-users.js';
import { blogsDemoSeeder } from '../blogs/demo-seed.js';
import { libraryDemoSeeder } from '../library/demo-seed.js';
import { booksDemoSeeder } from '../books/demo-seed.js';
import { demoPoemWithMediaSeeder } from '../media/demo-seed.js';
import { worksDemoSeeder } from '../works/demo-seed.js';
import { plansDemoSeeder } from '../study/demo-seed.js';

export type SeedContext = Pick<Runtime, 'config' | 'store' | 'database' | 'logger'>;
export type DemoSeeder = { name: string; seed(context: SeedContext): Promise<void> };

/** Demo content, each feature adding its own; loaded only into an empty event store. */
const demoSeeders: DemoSeeder[] = [
  demoPoemWithMediaSeeder,
  demoUsersSeeder,
  blogsDemoSeeder,
  libraryDemoSeeder,
  booksDemoSeeder,
  worksDemoSeeder,
  plansDemoSeeder,
];

export async function seedDemoIfEmpty(context: SeedContext, seeders: readonly DemoSeeder[] = demoSeeders): Promise<boolean> {
  if (!context.config.SEED_DEMO) return false;
  if ((await context.store.headPosition()) > 0n) return false;
  for (const seeder of seeders) {
    context.logger.info({ seeder: seeder.name }, 'seeding demo content');
    await seeder.seed(context);
  }
  return true;
}
