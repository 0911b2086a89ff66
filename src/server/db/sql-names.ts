/** SQL identifiers and literals as the derived schema, its migrations and its triggers write them. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Postgres truncates identifiers at 63 bytes; keep derived names unique and stable under that limit. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(36)}`;
}
