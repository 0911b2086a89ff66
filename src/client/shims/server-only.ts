/**
 * The browser build's stand-in for Node modules the resources' server-side handlers import (`node:crypto`,
 * `node:stream`, `csv-parse`): handlers never run in the browser, so none of this is shipped.
 */
function serverOnly(): never {
  throw new Error('This runs on the server only');
}

export const createHash = serverOnly;
export const createHmac = serverOnly;
export const timingSafeEqual = serverOnly;
export const randomBytes = serverOnly;
export const parse = serverOnly;
export const Readable = { from: serverOnly };
export default {};
