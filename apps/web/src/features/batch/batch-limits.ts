/** A batch holds at most this many photos (issue 14, point 6). */
export const MAX_BATCH_PHOTOS = 20;

/**
 * Photos uploaded at the same time. Uploads are limited per user (UPLOAD_RATE_LIMIT), and a
 * browser keeps about six connections to one site over HTTP/1.1, shared with everything else.
 */
export const UPLOADS_AT_ONCE = 3;

/**
 * Jobs followed over their live stream; the others are polled. A stream holds one of those six
 * connections for as long as it is open, and the server lets a user open eight.
 */
export const LIVE_WATCHES = 2;
