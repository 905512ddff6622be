import { existsSync } from 'node:fs';
import { run } from '../../tools/run/processes.ts';

/** Debian's chromium, which the browser tests drive (no browser download is possible here). */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Installs Debian's chromium when it is missing (needs root, as on CI and the development machines). */
export async function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  console.log('Installing Debian chromium for the browser tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    sudo.length
      ? run('sudo', ['apt-get', ...args])
      : run('apt-get', args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  await apt(['update', '-qq']);
  await apt(['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core']);
  if (!existsSync(chromiumPath)) throw new Error(`chromium is still missing at ${chromiumPath}`);
}
