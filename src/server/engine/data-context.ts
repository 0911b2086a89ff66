import { sql, type Kysely } from 'kysely';
import type { AnyResource, InsertIfFree, MailMessage, Row } from '../../core/resource';
import { formatEnglish } from '../../core/messages';
import { statusField } from '../../core/resource';
import { brokenRules } from '../../core/rules';
import { SYSTEM, type AccountKind, type Principal } from '../../core/roles';
import { isUnverified, mailAccountLink } from '../auth/account-links';
import { announceAuthChange } from '../auth/auth-changes';
import { hashPasswordFields } from '../auth/password-fields';
import { mailSecurityNotices } from '../auth/security-notices';
import { deleteAccountSessions } from '../auth/sessions';
import { removeSecondFactor } from '../auth/two-factor/store';
import { writeAudit, writeAudits } from './audit';
import { announceChange } from '../events/notice';
import { badRequest, HttpError, notFound, takenField } from '../edge/errors';
import { quoteIdent } from '../db/sql-names';
import { notify } from './notify';
import { enqueueMail } from '../mail/outbox';
import { isSecretField, sameValue, toColumns, toRecord, type Registry } from './registry';
import { runTransitionOn } from './transitions';
import type { RecordWriter, UpdateOptions } from './record-writer';

export { inTransaction } from '../db/transaction';

export type { UpdateOptions } from './record-writer';

/** What the audit trail shows instead of a secret's value. */
const SECRET = '[changed]';

/** The resource's cross-field rules, on the values written (and the stored ones they leave as they are). */
function checkRules(resource: AnyResource, values: Record<string, unknown>, stored?: Record<string, unknown>) {
  const broken = brokenRules(resource, values, stored);
  if (broken.length) throw badRequest(Object.fromEntries(broken.map((b) => [b.path, formatEnglish(b.message)])));
}

/**
 * The server side of `DataContext`: every generic write of a request goes through one of these, in the
 * request's transaction, with its audit row.
 */
export class Writer implements RecordWriter {
  constructor(
    readonly trx: Kysely<any>,
    readonly registry: Registry,
    readonly principal: Principal,
    readonly now: Date = new Date(),
  ) {}

  /**
   * Runs a transition of `resource` on record `id` as the system, in this transaction, through the workflow
   * engine (the transition's `by` must name `system`): guard, effect, audit row (actor `system`), notifications
   * and live change events, exactly as an HTTP caller's run.
   */
  runTransition(resource: string, id: number, action: string, input: Record<string, unknown> = {}): Promise<Row> {
    return runTransitionOn(new Writer(this.trx, this.registry, SYSTEM, this.now), resource, id, action, input);
  }

  fail(status: 400 | 403 | 404 | 409, message: string, errors?: Record<string, string>): never {
    throw new HttpError(status, message, errors);
  }

  async findById(resource: string, id: number, options: { lock?: boolean } = {}): Promise<Row | undefined> {
    const config = this.registry.require(resource);
    let query = this.trx.selectFrom(this.registry.table(config)).selectAll().where('id', '=', id);
    // Not FOR UPDATE: that also blocks the KEY SHARE locks of foreign-key checks (a payment or order row pointing at
    // this one), which turns ordinary concurrent writes into deadlocks. No write here ever changes a key.
    if (options.lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    return row ? (toRecord(config, row) as Row) : undefined;
  }

  async settings(group: string): Promise<Record<string, unknown>> {
    const store = this.registry.settingsResource;
    if (!store?.lookupField) return {};
    const valuesField = Object.entries(store.fields).find(([, f]) => f.kind === 'json')?.[0];
    if (!valuesField) return {};
    const row = await this.trx
      .selectFrom(this.registry.table(store))
      .select(valuesField)
      .where(store.lookupField, '=', group)
      .executeTakeFirst();
    const values = row?.[valuesField];
    return values && typeof values === 'object' ? (values as Record<string, unknown>) : {};
  }

  async resetSecondFactor(kind: AccountKind, id: number): Promise<void> {
    await removeSecondFactor(this.trx, kind, id);
    await deleteAccountSessions(this.trx, kind, id);
  }

  /**
   * Inserts a row with its audit entry (`audit: false`: rows that are themselves a record of something, like a
   * notification) and tells whom the resource's `notify.create` rules name.
   */
  async insert(
    resource: string,
    values: Record<string, unknown>,
    action = 'create',
    options: { audit?: false; verifyRedirect?: string } = {},
  ): Promise<Row> {
    const config = this.registry.require(resource);
    const status = statusField(config);
    const full = { ...values };
    if (status && full[status] === undefined && config.workflow) full[status] = config.workflow.initial;
    // An account someone else creates (an administrator) counts as verified; a sign-up passes `null` and proves it.
    const verified = config.account?.verifiedField;
    if (verified && full[verified] === undefined) full[verified] = this.now.toISOString();
    checkRules(config, full);
    const columns = toColumns(config, await hashPasswordFields(config, full));
    const row = await this.trx
      .insertInto(this.registry.table(config))
      .values(columns)
      .returningAll()
      .executeTakeFirstOrThrow();
    const record = toRecord(config, row) as Row;
    await announceChange(this.trx, config, record, 'create');
    if (options.audit !== false) {
      const diff: Record<string, unknown> = {};
      for (const name of Object.keys(full))
        diff[name] = isSecretField(config, name) ? [null, SECRET] : [null, record[name] ?? full[name] ?? null];
      await writeAudit(
        this.trx,
        this.registry,
        this.principal,
        { resource, recordId: record.id, action, to: status ? (record[status] as string) : null, diff },
        this.now,
      );
    }
    await notify(this, config, 'create', record);
    if (isUnverified(config, record))
      await mailAccountLink(this.trx, this.registry, 'verify-email', config, record, options.verifyRedirect);
    return record;
  }

  /**
   * Runs `work` under a savepoint: when it finds a unique value taken, the transaction goes back to where it was
   * (and may go on) and the answer names the field.
   */
  async unlessTaken<T>(work: () => Promise<T>): Promise<{ value: T } | { taken: string }> {
    await sql`savepoint unless_taken`.execute(this.trx);
    try {
      const value = await work();
      await sql`release savepoint unless_taken`.execute(this.trx);
      return { value };
    } catch (error) {
      const taken = takenField(error);
      if (taken === undefined) throw error;
      await sql`rollback to savepoint unless_taken`.execute(this.trx);
      return { taken };
    }
  }

  async insertIfFree(resource: string, values: Record<string, unknown>): Promise<InsertIfFree> {
    const result = await this.unlessTaken(() => this.insert(resource, values));
    if ('value' in result) return { record: result.value };
    const table = quoteIdent(this.registry.table(this.registry.require(resource)));
    // The refused insert drew an id from the sequence as a new row does: answering that one (this session's last)
    // leaves the sequence where a free address leaves it, so ids around a taken one run on without a gap.
    const { rows } = await sql<{ id: string }>`
      select currval(pg_get_serial_sequence(${table}, 'id'))::text as id`.execute(this.trx);
    return { taken: result.taken, id: Number(rows[0].id) };
  }

  async insertMany(
    resource: string,
    rows: readonly Record<string, unknown>[],
    options: { skipTaken?: readonly string[]; chunk?: number } = {},
  ): Promise<Row[]> {
    const config = this.registry.require(resource);
    const status = statusField(config);
    const chunk = options.chunk ?? 500;
    const written: Row[] = [];
    for (let start = 0; start < rows.length; start += chunk) {
      const values = [];
      for (const row of rows.slice(start, start + chunk)) {
        const full = { ...row };
        if (status && full[status] === undefined && config.workflow) full[status] = config.workflow.initial;
        checkRules(config, full);
        values.push(toColumns(config, await hashPasswordFields(config, full)));
      }
      let query = this.trx.insertInto(this.registry.table(config)).values(values);
      const key = options.skipTaken;
      if (key?.length) query = query.onConflict((conflict) => conflict.columns([...key]).doNothing());
      const inserted = (await query.returningAll().execute()).map((row) => toRecord(config, row) as Row);
      for (const record of inserted) await announceChange(this.trx, config, record, 'create');
      await writeAudits(
        this.trx,
        this.registry,
        this.principal,
        inserted.map((record) => ({
          resource,
          recordId: record.id,
          action: 'create',
          to: status ? (record[status] as string) : null,
          diff: Object.fromEntries(
            Object.keys(rows[0] ?? {}).map((name) => [
              name,
              isSecretField(config, name) ? [null, SECRET] : [null, record[name] ?? null],
            ]),
          ),
        })),
        this.now,
      );
      for (const record of inserted) await notify(this, config, 'create', record);
      written.push(...inserted);
    }
    return written;
  }

  mail(message: MailMessage): Promise<void> {
    return enqueueMail(this.trx, this.registry, message);
  }

  async update(
    resource: string,
    id: number,
    patch: Record<string, unknown>,
    options: UpdateOptions = {},
  ): Promise<Row> {
    const config = this.registry.require(resource);
    const before = await this.findById(resource, id, { lock: true });
    if (!before) throw notFound();
    // Again under the row lock: two changes validated against the same stored record must not break a rule together.
    checkRules(config, patch, before);
    const hashed = await hashPasswordFields(config, patch);
    const changed: Record<string, unknown> = {};
    const diff: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(patch)) {
      if (config.fields[name]?.kind === 'password') {
        if (typeof value === 'string' && value !== '') diff[name] = [SECRET, SECRET];
        continue;
      }
      if (sameValue(config.fields[name], before[name], value)) continue;
      changed[name] = value;
      diff[name] = isSecretField(config, name) ? [SECRET, SECRET] : [before[name] ?? null, value ?? null];
    }
    for (const name of Object.keys(hashed))
      if (name.endsWith('Hash') && !(name in config.fields)) changed[name] = hashed[name];
    if (!Object.keys(changed).length) return before;
    const set: Record<string, unknown> = {
      ...toColumns(config, Object.fromEntries(Object.entries(changed).filter(([n]) => n in config.fields))),
    };
    for (const [name, value] of Object.entries(changed)) if (!(name in config.fields)) set[name] = value;
    set.updatedAt = sql`now()`;
    if (options.bump !== false) set.version = sql`"version" + 1`;
    const row = await this.trx
      .updateTable(this.registry.table(config))
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const record = toRecord(config, row) as Row;
    await announceChange(this.trx, config, record, options.event ?? options.action ?? 'update');
    // Signed-in principals are cached: a changed state or role must reach every instance at once; so must a setting,
    // which may decide what a session opens (the roles that need a second factor).
    if (config.account || config.settingsStore) await announceAuthChange(this.trx);
    // A new password ends every open session of that account: whoever knew the old one is signed out.
    const newPassword = Object.keys(changed).some((name) => name.endsWith('Hash') && !(name in config.fields));
    if (config.account && newPassword)
      await deleteAccountSessions(this.trx, config.account.kind, id, options.keepSession);
    if (config.account) await mailSecurityNotices(this, config, before, record, newPassword);
    if (options.audit !== false) {
      const status = statusField(config);
      const moved = status && before[status] !== record[status];
      await writeAudit(
        this.trx,
        this.registry,
        this.principal,
        {
          resource,
          recordId: id,
          action: options.action ?? 'update',
          from: moved ? (before[status] as string) : null,
          to: moved ? (record[status] as string) : null,
          diff,
          ...options.audit,
        },
        this.now,
      );
    }
    return record;
  }

  async remove(resource: string, id: number): Promise<Row> {
    const config = this.registry.require(resource);
    const row = await this.trx
      .deleteFrom(this.registry.table(config))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound();
    const record = toRecord(config, row) as Row;
    await announceChange(this.trx, config, record, 'delete');
    if (config.account) await announceAuthChange(this.trx);
    const status = statusField(config);
    await writeAudit(
      this.trx,
      this.registry,
      this.principal,
      { resource, recordId: id, action: 'delete', from: status ? (record[status] as string) : null },
      this.now,
    );
    return record;
  }
}
