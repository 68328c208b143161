import type { Config } from '@epos/platform';
import { oneLine, type MailMessage } from '@epos/platform/mail/index';
import { CODE_LIFETIME_MS } from '@epos/platform/accounts/credentials';
import { link, siteUrl } from '@epos/platform/config/site-url';

/** The site's name as a mail subject may carry it. */
const siteName = (config: Config) => oneLine(config.SITE_NAME, 100);

/** How long a mailed code works, in the words of its mail ("6 hours"); the same constant sets its expiry. */
function validFor(purpose: keyof typeof CODE_LIFETIME_MS): string {
  return `${CODE_LIFETIME_MS[purpose] / 3600_000} hours`;
}

export function activationMail(config: Config, to: string, name: string, userId: string, code: string): MailMessage {
  const url = link(config, '/confirm-email', { userId, code });
  return {
    to,
    subject: `Confirm your email for ${siteName(config)}`,
    text: `Dear ${name},\n\nplease confirm your email address by opening this link (valid for ${validFor('activation')}):\n\n${url}\n\nIf you did not register, ignore this message.\n`,
  };
}

export function resetMail(config: Config, to: string, name: string, userId: string, code: string): MailMessage {
  const url = link(config, '/reset-password', { userId, code });
  return {
    to,
    subject: `Reset your ${siteName(config)} password`,
    text: `Dear ${name},\n\nto choose a new password, open this link (valid for ${validFor('reset')}, once):\n\n${url}\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n`,
  };
}

export function alreadyRegisteredMail(config: Config, to: string, userName: string): MailMessage {
  return {
    to,
    subject: `Someone tried to register at ${siteName(config)} with your email`,
    text: `Hello ${userName},\n\nsomeone just tried to register a new account with this email address, which already has one.\nIf it was you: log in as ${userName}, or ask for a password reset at ${siteUrl(config)}/forgot-password\nIf not, you can ignore this message.\n`,
  };
}
