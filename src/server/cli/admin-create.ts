/**
 * `npm run admin:create -- --email x --password y [--name "Full Name"] [--role super_admin]`
 * Creates an administrator: how production gets its first admin, since demo accounts are never created there.
 */
import { parseArgs } from 'node:util';
import resources from '../../../resources/index';
import { formatEnglish } from '../../core/messages';
import { ADMIN_ROLES } from '../../core/roles';
import { validateBody } from '../../core/validation';
import { accountResourceFor, findAccountByEmail, normalizeEmail } from '../auth/accounts';
import { loadConfig } from '../edge/config';
import { inTransaction, Writer } from '../engine/data-context';
import { openToolDatabase } from './tool-database';
import { migrate } from '../db/migrate';
import { Registry } from '../engine/registry';

const USAGE = `Usage: npm run admin:create -- --email <email> --password <password> [--name <full name>] [--role ${ADMIN_ROLES.join('|')}]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'super_admin' },
  },
  strict: true,
});
if (!args.email || !args.password) fail(USAGE);

const resource = accountResourceFor(resources, 'admin') ?? fail('No resource declares `account: {kind: "admin"}`.');
const account = resource.account!;
const nameField = [account.nameField ?? [], resource.recordTitle ?? []].flat()[0];
const email = normalizeEmail(args.email);
const values: Record<string, unknown> = { email, password: args.password };
if (nameField) values[nameField] = args.name ?? email.split('@')[0];
if (account.roleField) values[account.roleField] = args.role;

// The same yup schema as the admin's create form and the REST API: password rules included.
const checked = await validateBody(resource, 'create', values, Object.keys(values));
if ('errors' in checked)
  fail(
    checked.errors.map((e) => `--${e.path === nameField ? 'name' : e.path}: ${formatEnglish(e.message)}`).join('\n'),
  );

const config = loadConfig();
const database = await openToolDatabase(config);
try {
  await migrate(database.db);
  if (await findAccountByEmail(database.db, resources, email)) {
    console.error(`An account with the email ${email} already exists.`);
    process.exitCode = 1;
  } else {
    // The command line acts as no signed-in account: the audit row records a system (public) actor.
    const record = await inTransaction(database.db, (trx) =>
      new Writer(trx, new Registry(resources), { kind: 'public' }).insert(resource.name, checked.values),
    );
    console.log(`Created ${resource.name} #${record.id} ${email}${account.roleField ? ` (${args.role})` : ''}.`);
  }
} finally {
  // Closing (not exiting) lets PGlite flush its files.
  await database.close();
}
