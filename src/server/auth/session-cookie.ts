/** The cookie that carries the session id (httpOnly; read by the edge's caching rules and the event streams too). */
export const SESSION_COOKIE = 'lantern_session';
