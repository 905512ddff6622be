/**
 * CLI entry of the development mail catcher (`node --import tsx apps/mail-catcher/src/main.ts`).
 * Refuses to start with NODE_ENV=production. Reads MAIL_SMTP_PORT (3025) and MAIL_WEB_PORT (3002);
 * listens on 127.0.0.1 only.
 */
import { productionRefusal } from './production-guard.ts';
import { startMailCatcher } from './server.ts';

function portOf(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return port;
}

const refusal = productionRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const running = await startMailCatcher({
  smtpPort: portOf(process.env['MAIL_SMTP_PORT'], 3025, 'MAIL_SMTP_PORT'),
  webPort: portOf(process.env['MAIL_WEB_PORT'], 3002, 'MAIL_WEB_PORT'),
});
console.info(
  `Development mail catcher: SMTP on ${running.smtpUrl}, mailbox on http://localhost:${running.webPort}/ (messages are kept in memory)`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started by `npm start` with an IPC channel: if that supervisor dies, stop rather than linger.
process.once('disconnect', stop);
