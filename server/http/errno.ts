/** Node system errors (ENOENT …). Checked by shape: they may come from another realm (jest). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** An error's message (checked by shape, as above), or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : String(error);
}
