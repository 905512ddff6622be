/** Typed errors thrown by services; the error handler maps them to application/problem+json. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly type: string = 'about:blank',
    readonly errors?: Array<{ field: string; message: string }>,
    options?: ErrorOptions,
  ) {
    super(detail ?? title, options);
  }
}

/** 400 with per-field messages. */
export class ValidationError extends HttpError {
  constructor(
    errors: Array<{ field: string; message: string }>,
    detail = 'The request has invalid fields.',
  ) {
    super(400, 'Invalid request', detail, 'validation', errors);
  }
}

/** 401: no valid session. */
export class UnauthorizedError extends HttpError {
  constructor(detail = 'Sign in to continue.', type = 'unauthorized') {
    super(401, 'Unauthorized', detail, type);
  }
}

/** 403: signed in but not allowed. */
export class ForbiddenError extends HttpError {
  constructor(detail = 'You do not have permission to do this.', type = 'forbidden') {
    super(403, 'Forbidden', detail, type);
  }
}

/** 404: the entity does not exist or is not visible to the user. */
export class NotFoundError extends HttpError {
  constructor(detail = 'Not found.') {
    super(404, 'Not found', detail, 'not-found');
  }
}

/** 409: the request conflicts with the current state. */
export class ConflictError extends HttpError {
  constructor(detail: string) {
    super(409, 'Conflict', detail, 'conflict');
  }
}
