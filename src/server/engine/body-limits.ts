/** How much a request body may hold, read by the routes and published in the API's description. */

/** More rows than any list page shows; a longer order is a mistake, not a screen. */
export const MAX_REORDER_IDS = 500;

/** Largest image accepted (bytes): photos from a phone, not raw camera files. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
