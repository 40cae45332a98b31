/**
 * An image that cannot be taken, with a message to show the member as it is. `status`: 413 too big
 * (bytes or pixels), 415 not a type we take, 422 not readable as the type it claims.
 */
export class ImageError extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ImageError";
  }
}
