import type { Config } from '@epos/platform';
import { oneLine, type MailMessage } from '@epos/platform/mail/index';
import { siteUrl } from '@epos/platform/config/site-url';
import { partLabel, type SuggestionPart } from '@epos/schemas';

interface Decided {
  to: string;
  name: string;
  sentence: number;
  part: SuggestionPart;
}

const what = (config: Config, m: Decided) =>
  `your suggested correction to the ${partLabel(m.part, { motherNote: config.LABEL_MOTHER_NOTE, aurobindoNote: config.LABEL_AUTHOR_NOTE })}`;
const sentenceLink = (config: Config, sentence: number) => `${siteUrl(config)}/s/${sentence}`;
const siteName = (config: Config) => oneLine(config.SITE_NAME, 100);

export function suggestionAcceptedMail(config: Config, m: Decided): MailMessage {
  return {
    to: m.to,
    subject: `Your suggestion was accepted: ${siteName(config)}`,
    text: `Dear ${m.name},\n\nan editor accepted ${what(config, m)}; the sentence's history credits you.\n\nSee it: ${sentenceLink(config, m.sentence)}\n\nThank you.\n`,
  };
}

export function suggestionDeclinedMail(config: Config, m: Decided & { reason: string }): MailMessage {
  const reason = m.reason.length > 2000 ? `${m.reason.slice(0, 2000)}…` : m.reason;
  return {
    to: m.to,
    subject: `Your suggestion was declined: ${siteName(config)}`,
    text: `Dear ${m.name},\n\nan editor declined ${what(config, m)}, saying:\n\n${reason}\n\nThe sentence: ${sentenceLink(config, m.sentence)}\n\nThank you for suggesting it.\n`,
  };
}
