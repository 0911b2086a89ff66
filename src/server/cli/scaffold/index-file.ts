/**
 * Adds `import x from './{name}'` and `x` to the exported array of `resources/index.ts`, keeping the
 * imports sorted; a resource already listed is left alone.
 */
export function registerInIndex(source: string, name: string, variable: string): string {
  const importLine = `import ${variable} from './${name}';`;
  if (source.includes(`from './${name}';`)) return source;
  const lines = source.split('\n');
  const imports = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => /^import \w+ from '\.\/[\w-]+';$/.test(line));
  if (!imports.length) throw new Error('resources/index.ts: no resource imports found');
  const after = imports.filter(({ line }) => line.localeCompare(importLine) < 0).pop() ?? imports[0];
  const at = after.line.localeCompare(importLine) < 0 ? after.index + 1 : after.index;
  lines.splice(at, 0, importLine);

  // The array ends with `] as unknown as readonly AnyResource[];` (or `];`): the new entry goes last.
  const close = lines.findIndex((line) => /^\](\s+as\s.+)?;$/.test(line));
  if (close === -1) throw new Error('resources/index.ts: the resource array was not found');
  lines.splice(close, 0, `  ${variable},`);
  return lines.join('\n');
}
