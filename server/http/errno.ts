/** Node system errors (ENOENT …). Checked by shape: they may come from another realm (jest). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
