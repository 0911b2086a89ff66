/** The command line of a bench: `--name value` options and `--flag`s. */
const given = process.argv.slice(2);

/** The value after `--{name}`, if it is there. */
export function option(name: string): string | undefined {
  const at = given.indexOf(`--${name}`);
  return at === -1 ? undefined : given[at + 1];
}

/** Whether `--{name}` is on the command line. */
export function flag(name: string): boolean {
  return given.includes(`--${name}`);
}
