import { access, constants } from 'node:fs/promises';

/** Whether the configured Chromium is there and executable (without it no PDF edition can be printed). */
export async function chromiumPresent(executablePath: string): Promise<boolean> {
  try {
    await access(executablePath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
