import os from 'node:os';
import path from 'node:path';

/**
 * A client build directory that does not exist: servers started by tests and benches answer the API without
 * reading (or waiting for) a built client.
 */
export const NO_CLIENT_DIST = path.join(os.tmpdir(), 'lantern-no-dist');
