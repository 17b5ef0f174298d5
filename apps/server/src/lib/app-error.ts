/** The statuses a refusal may answer with. */
export type RefusalStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 409
  | 413
  | 415
  | 422
  | 429
  | 502
  | 503
  | 504;

/**
 * A refusal the product words for the user: its message is shown as it is and its status is
 * the HTTP answer. Services throw these; the app's one error handler turns them into
 * `{ error: message }` with the status (routes/errors.ts).
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly status: RefusalStatus,
    message: string,
  ) {
    super(message);
  }
}
