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

/**
 * An unexpected failure (a provider out of reach, say) in a step of a call that has a wording
 * of its own: logged like any unexpected failure, and answered with the step's wording in place
 * of the call's (routes/errors.ts). Its `cause` is what failed. A plan change made while the
 * subscription is canceling reactivates it first, and a reactivation that fails there is worded
 * as any failed reactivation.
 */
export class StepFailure extends Error {
  override name = "StepFailure";
  constructor(
    readonly wording: string,
    options: { cause: unknown },
  ) {
    super(wording, options);
  }
}
