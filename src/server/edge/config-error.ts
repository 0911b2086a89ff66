/** A setting the server cannot run with (e.g. a malformed SMTP_URL): it stops at start with this message. */
export class ConfigError extends Error {}
