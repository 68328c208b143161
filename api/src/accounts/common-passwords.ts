import { dictionary } from '@zxcvbn-ts/language-common';
import { longEnoughPassword } from '@epos/schemas/accounts/messages';

let common: Set<string> | undefined;

/**
 * Whether a password is among the most common ones (zxcvbn-ts's list of about 49,000, drawn from
 * leaked password lists), in any case. Only those long enough to be chosen are kept: the shorter
 * ones are refused anyway. Loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter(longEnoughPassword).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
