/**
 * The browser build's stand-in for `kysely`. Resource files import their effects (which write SQL)
 * so one config serves server and client, but effects only ever run on the server: shipping the
 * query builder to the browser would cost the admin ~15 KB of gzipped JS for nothing.
 */
function serverOnly(): never {
  throw new Error('SQL runs on the server only');
}

export const sql = Object.assign(serverOnly, {
  raw: serverOnly,
  ref: serverOnly,
  lit: serverOnly,
  id: serverOnly,
  join: serverOnly,
  table: serverOnly,
  val: serverOnly,
});
