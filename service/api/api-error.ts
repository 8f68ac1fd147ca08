/** An API error answered as `{"errors": [...]}` with its status (service facts). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly messages: readonly string[],
  ) {
    super(messages.join('; '));
  }

  static notFound(): ApiError {
    return new ApiError(404, ['Record not found']);
  }
}
