import type { Config } from '@epos/platform';
import type { MailMessage } from '@epos/platform/mail/index';

export function siteUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/** An absolute link into the site with `params` as its query. */
export function link(config: Config, path: string, params: Record<string, string>): string {
  return `${siteUrl(config)}${path}?${new URLSearchParams(params).toString()}`;
}

export function activationMail(config: Config, to: string, name: string, userId: string, code: string): MailMessage {
  const url = link(config, '/confirm-email', { userId, code });
  return {
    to,
    subject: `Confirm your email for ${config.SITE_NAME}`,
    text: `Dear ${name},\n\nplease confirm your email address by opening this link (valid for 48 hours):\n\n${url}\n\nIf you did not register, ignore this message.\n`,
  };
}

export function resetMail(config: Config, to: string, name: string, userId: string, code: string): MailMessage {
  const url = link(config, '/reset-password', { userId, code });
  return {
    to,
    subject: `Reset your ${config.SITE_NAME} password`,
    text: `Dear ${name},\n\nto choose a new password, open this link (valid for one hour, once):\n\n${url}\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n`,
  };
}

export function alreadyRegisteredMail(config: Config, to: string, userName: string): MailMessage {
  return {
    to,
    subject: `Someone tried to register at ${config.SITE_NAME} with your email`,
    text: `Hello ${userName},\n\nsomeone just tried to register a new account with this email address, which already has one.\nIf it was you: log in as ${userName}, or ask for a password reset at ${siteUrl(config)}/forgot-password\nIf not, you can ignore this message.\n`,
  };
}
