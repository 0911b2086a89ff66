/** The shape of the schema the config derives: what a table, its columns, indexes and triggers are. */
/** A database column as the config derives it; also the unit of the committed schema snapshot. */
export interface ColumnDef {
  name: string;
  /** SQL type, e.g. `text`, `bigint`, `numeric(6,3)`; the identity primary key is `bigint identity`. */
  type: string;
  notNull: boolean;
  /** A SQL default expression. */
  default?: string;
  /** Allowed values (CHECK "col" in (...)). */
  values?: string[];
  unique?: boolean;
  references?: { table: string; onDelete: 'restrict' | 'cascade' | 'set null' };
}

export interface IndexDef {
  name: string;
  columns: string[];
  /** A GIN trigram index of one text column (`pg_trgm`), which answers `ilike '%text%'` without a scan. */
  trigram?: boolean;
  /** A GIN index of one array column: which rows hold given elements, exactly. */
  elements?: boolean;
  unique?: boolean;
  /** A unique index on which two NULLs are equal (PostgreSQL 15+): one row per key, gaps in it included. */
  nullsNotDistinct?: boolean;
}

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
  /**
   * Created `if not exists` (with its indexes): a table that servers before migration 0003 created at start
   * (the statistics' summary tables), which that migration adopts.
   */
  ifNotExists?: boolean;
  /** A statement that fills the new table from rows already there (a derived table), run once after creating it. */
  fill?: string;
}

/** A row trigger and its plpgsql function, kept by the migrations like the tables. */
export interface TriggerDef {
  name: string;
  function: string;
  table: string;
  /** When it fires, after each row: e.g. `insert or update or delete`. */
  events: string;
  /** The function's statements (it returns null after them). */
  body: string;
  /**
   * Fires even where triggers are off (`session_replication_role = replica`, as bulk loads set it): for a rule
   * that must always hold, unlike a cache a bulk load may leave to be rebuilt.
   */
  always?: boolean;
  /** Fires before the row is written, and writes the row it returns (`new`): for a value derived from the row. */
  before?: boolean;
}

export interface SchemaModel {
  tables: TableDef[];
  triggers?: TriggerDef[];
}
