import { createMailTransport } from '@epos/platform/mail/index';
import { startTestSmtpServer, type TestSmtpServer } from '@epos/platform/mail/test-smtp-server';
import { startWorkers } from '@epos/workers';
import { workerHandlers } from '@epos/workers/registry';
import { startTestApi, type TestApi } from './test-api.js';

export interface MailTestApi {
  api: TestApi;
  smtp: TestSmtpServer;
  close(): Promise<void>;
}

/** A test API whose mail really goes out: the job workers deliver it to an SMTP server on loopback. */
export async function startTestApiWithMail(options: { serveUi?: boolean } = {}): Promise<MailTestApi> {
  const smtp = await startTestSmtpServer();
  const api = await startTestApi({ env: { PUBLIC_URL: 'https://epos.test' }, ...options });
  const mail = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' });
  const workers = await startWorkers({ jobs: api.deps.jobs, handlers: workerHandlers({ mail, ...api.deps }), logger: api.deps.logger });
  return {
    api,
    smtp,
    async close() {
      await workers.stop();
      await mail.close();
      await api.close();
      await smtp.stop();
    },
  };
}
