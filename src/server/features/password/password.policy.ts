import { isCommonPassword } from '../../auth/common-passwords.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/auth/password-rules.js';
import { invalid } from '../../http/errors.js';

/** Server-side password rules: length, not a common password, not the current one. */
export async function assertAcceptablePassword(password: string, field = 'newPassword', opts: { current?: string } = {}): Promise<void> {
  if (password.length < PASSWORD_MIN) throw invalid({ [field]: `Use at least ${PASSWORD_MIN} characters.` });
  if (password.length > PASSWORD_MAX) throw invalid({ [field]: `Use at most ${PASSWORD_MAX} characters.` });
  if (await isCommonPassword(password)) throw invalid({ [field]: 'This password is too common and easy to guess. Choose another.' });
  if (opts.current !== undefined && opts.current === password) throw invalid({ [field]: 'Choose a password different from your current one.' });
}
