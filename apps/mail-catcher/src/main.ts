/**
 * CLI entry of the development mail catcher (`node --import tsx apps/mail-catcher/src/main.ts`).
 * Refuses to start with NODE_ENV=production. Reads MAIL_SMTP_PORT (3025) and MAIL_WEB_PORT (3002);
 * listens on 127.0.0.1 only.
 */
import { portFrom, stopOnSignals } from '@pca/dev-services';
import { productionRefusal } from './production-guard.ts';
import { startMailCatcher } from './server.ts';

const refusal = productionRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const running = await startMailCatcher({
  smtpPort: portFrom(process.env['MAIL_SMTP_PORT'], 3025, 'MAIL_SMTP_PORT'),
  webPort: portFrom(process.env['MAIL_WEB_PORT'], 3002, 'MAIL_WEB_PORT'),
});
console.info(
  `Development mail catcher: SMTP on ${running.smtpUrl}, mailbox on http://localhost:${running.webPort}/ (messages are kept in memory)`,
);

stopOnSignals('mail catcher', running.close, 5_000);
