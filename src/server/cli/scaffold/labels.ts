import { requiredLabels } from '../../../core/config-check';
import type { AnyResource } from '../../../core/resource';

/** Non-English labels written by the scaffolder start with this; the i18n completeness test counts them as missing. */
export const TODO_PREFIX = 'TODO: ';

type Tree = { [key: string]: string | Tree };

const ACRONYMS = new Set(['id', 'url', 'api', 'vat', 'sku', 'iban']);

/** `partnerId` → `Partner`, `startDate` → `Start date`, `in_progress` → `In progress`. */
export function humanize(name: string): string {
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `tour-types` → `Tour type`: the English singular of a resource name, good enough for a first draft. */
export function singular(name: string): string {
  const last = name
    .replace(/ies$/, 'y')
    .replace(/(ss|sh|ch|x)es$/, '$1')
    .replace(/([^s])s$/, '$1');
  return humanize(last);
}

/** English labels for every key the generated UI looks up for the resource (`resources.{name}.…`). */
export function englishLabels(resource: AnyResource): Tree {
  const base = `resources.${resource.name}.`;
  const tree: Tree = {};
  for (const key of requiredLabels(resource)) {
    if (!key.startsWith(base)) continue;
    const parts = key.slice(base.length).split('.');
    const last = parts[parts.length - 1];
    let value: string;
    if (parts[0] === 'name') value = `${singular(resource.name)} |||| ${humanize(resource.name)}`;
    else if (parts[0] === 'fields' && last === 'id') value = 'ID';
    else value = humanize(last);
    setPath(tree, parts, value);
  }
  return tree;
}

function setPath(tree: Tree, parts: readonly string[], value: string) {
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Tree;
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * What a locale already says for an English resource label (`Created at`, `Approve`), learnt from the
 * labels both files give the same key: common words need no new translation.
 */
export function knownTranslations(english: Tree, locale: Tree): Map<string, string> {
  const known = new Map<string, string>();
  const walk = (en: Tree, own: Tree | undefined) => {
    for (const [key, value] of Object.entries(en)) {
      const mine = own?.[key];
      if (typeof value === 'string') {
        if (typeof mine === 'string' && !mine.startsWith(TODO_PREFIX) && !known.has(value)) known.set(value, mine);
      } else walk(value, typeof mine === 'object' ? mine : undefined);
    }
  };
  walk(english, locale);
  return known;
}

/**
 * Keeps every label already written and adds the missing ones: English as is; other locales reuse a known
 * translation of the same English text, else get `TODO: {English}` for a translator.
 */
export function mergeLabels(
  existing: Tree | undefined,
  english: Tree,
  translate?: (english: string) => string | undefined,
): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(english)) {
    const current = existing?.[key];
    if (typeof value === 'string') {
      const fresh = translate ? (translate(value) ?? `${TODO_PREFIX}${value}`) : value;
      out[key] = typeof current === 'string' ? current : fresh;
    } else out[key] = mergeLabels(typeof current === 'object' ? current : undefined, value, translate);
  }
  // Labels the config no longer needs are kept: the completeness test names them for removal.
  for (const [key, value] of Object.entries(existing ?? {})) if (!(key in out)) out[key] = value;
  return out;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const key = (name: string) => (IDENTIFIER.test(name) ? name : `'${name}'`);
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function renderTree(tree: Tree, indent: string): string[] {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') lines.push(`${indent}${key(name)}: ${quote(value)},`);
    else lines.push(`${indent}${key(name)}: {`, ...renderTree(value, `${indent}  `), `${indent}},`);
  }
  return lines;
}

/**
 * Writes the resource's block into a locale file's `resources: { … }` (indented by the repo's Prettier
 * settings): replaces the block when it exists, else appends it as the last resource.
 */
export function writeResourceBlock(source: string, name: string, labels: Tree): string {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => line === '  resources: {');
  if (start === -1) throw new Error('no `  resources: {` block found');
  const end = lines.findIndex((line, i) => i > start && line === '  },');
  if (end === -1) throw new Error('the `resources` block is not closed by `  },`');
  const block = [`    ${key(name)}: {`, ...renderTree(labels, '      '), '    },'];
  const opening = new RegExp(`^    (${name.replace(/[-$]/g, '\\$&')}|'${name}'|"${name}"): \\{$`);
  const own = lines.findIndex((line, i) => i > start && i < end && opening.test(line));
  if (own === -1) lines.splice(end, 0, ...block);
  else {
    const close = lines.findIndex((line, i) => i > own && line === '    },');
    lines.splice(own, close - own + 1, ...block);
  }
  return lines.join('\n');
}
