import { ConfigError } from '../edge/config-error';

/** Where and how the outbox's mail goes (docs/operations.md, "Mail"). */
export interface MailConfig {
  /** `smtp://host:port` (or `smtps://`, credentials allowed); absent: mail stays in the outbox. */
  smtpUrl?: string;
  /** The address people reach the app at: mails link to records below it. */
  publicUrl: string;
  from: string;
  /** The first retry waits this long; each next one twice as long (at most an hour). */
  retryBaseMs: number;
  /** After this many failed attempts a mail is `failed` (retried only by hand). */
  maxAttempts: number;
  /** How often each instance looks for mail that is due. */
  pollMs: number;
}

/** A malformed SMTP_URL or PUBLIC_URL stops the server at start, with the setting's name and the expected form. */
function checkedUrl(name: string, value: string, protocols: string[], example: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${value}" (expected ${example})`);
  }
  if (!protocols.includes(url.protocol) || !url.hostname)
    throw new ConfigError(`${name} must look like ${example}, not "${value}"`);
  if (url.protocol.startsWith('smtp') && url.port && !/^\d+$/.test(url.port))
    throw new ConfigError(`${name} has no valid port: "${value}" (expected ${example})`);
  return url;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function mailConfig(env: NodeJS.ProcessEnv, localUrl: string): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) checkedUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:'], 'smtp://host:port');
  const publicUrl = (env.PUBLIC_URL?.trim() || localUrl).replace(/\/+$/, '');
  const host = checkedUrl('PUBLIC_URL', publicUrl, ['http:', 'https:'], 'https://lantern.example').hostname;
  return {
    smtpUrl,
    publicUrl,
    from: env.MAIL_FROM?.trim() || `Lantern <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`,
    retryBaseMs: positive(env.MAIL_RETRY_BASE_MS, 30_000),
    maxAttempts: positive(env.MAIL_MAX_ATTEMPTS, 8),
    pollMs: positive(env.MAIL_POLL_MS, 1_000),
  };
}
