import { expect, it } from 'vitest';
import { capturingLogger } from '../testkit/capturing-logger.js';
import { QuietErrorLog } from './quiet-error-log.js';

it('logs a run whose lock lapsed (as after an outage on a busy machine) as a warning, and anything unknown as an error', () => {
  const log = capturingLogger();
  const errors = new QuietErrorLog(log.logger);
  errors.report(new Error('Job j.14c9 is not in the active state. moveToFinished'), 'job worker error', { job: 'mail.send' });
  errors.report(new Error('Missing lock for job 7. moveToDelayed'), 'job worker error');
  errors.report(new Error('a bug'), 'job worker error');
  expect(log.lines.map((line) => [line.level, line.msg])).toEqual([
    [40, "job worker error: the run's lock lapsed; it runs again"],
    [40, "job worker error: the run's lock lapsed; it runs again"],
    [50, 'job worker error'],
  ]);
});
