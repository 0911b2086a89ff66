import v8 from 'node:v8';

/**
 * How far V8 lets the old heap grow past the data that survived the last full collection before it collects
 * again: here to twice that, where V8 would go to four times. A long CSV export turns a steady stream of
 * rows from the database into old-space garbage (node-postgres' rows outlive the young generation), and with
 * V8's own factor a 1M-order export grew the server by 104–122 MB; capped, by about 30 MB, at the same speed
 * (docs/architecture.md, "Memory of large exports"). An operator's own `--heap-growing-percent` wins.
 */
export const HEAP_GROWING_PERCENT = 100;

const FLAG = '--heap-growing-percent';

if (!process.execArgv.some((arg) => arg.startsWith(FLAG))) v8.setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
