import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from '../../tools/run/processes.ts';

const role = 'pca_test';
const password = 'pca_test';

function psql(sql: string) {
  return execFileSync(
    'su',
    ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -tAc "${sql.replaceAll('"', '\\"')}"`],
    { encoding: 'utf8' },
  ).trim();
}

/**
 * Starts Debian's PostgreSQL 15 cluster (installing it when missing) and returns a URL for a role that may
 * create databases: the API tests make one database per test file from a seeded template.
 */
export async function startPostgres15(): Promise<string> {
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/etc/postgresql/15/main')) {
    // A fresh machine may have empty package lists, so refresh them first.
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', 'postgresql-15'], { env });
  }
  const status = (() => {
    try {
      execFileSync('pg_ctlcluster', ['15', 'main', 'status'], { stdio: 'ignore' });
      return 'online';
    } catch {
      return 'down';
    }
  })();
  if (status === 'down') await run('pg_ctlcluster', ['15', 'main', 'start']);
  if (psql(`select 1 from pg_roles where rolname='${role}'`) !== '1') {
    psql(`create role ${role} login createdb password '${password}'`);
  }
  return `postgres://${role}:${password}@127.0.0.1:5432/postgres`;
}
