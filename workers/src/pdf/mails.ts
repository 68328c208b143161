import type { Config } from '@epos/platform';
import type { MailMessage } from '@epos/platform/mail/index';
import { oneLine } from '@epos/platform/mail/index';
import { siteUrl } from '@epos/platform/config/site-url';
import { pdfPartLabel, type PdfPart } from '@epos/schemas';

/** The download link of a printed PDF edition, to the reader who asked for it. */
export function pdfReadyMail(config: Config, m: { to: string; name: string; poemTitle: string; part: PdfPart; url: string; pages: number }): MailMessage {
  const what = `${oneLine(m.poemTitle, 120)}, ${pdfPartLabel(m.part)}`;
  return {
    to: m.to,
    subject: `Your PDF of ${what} is ready`,
    text: `Dear ${m.name},\n\nThe PDF edition you asked for (${what}, ${m.pages} pages) is ready:\n\n${siteUrl(config)}${m.url}\n\nYou get this mail because you asked for the link on the site.\n`,
  };
}
