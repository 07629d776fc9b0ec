import { useCallback } from 'react';
import { applyMask } from '@contracts/validation/rules';
import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';

export interface MaskedFieldProps extends Omit<TextFieldProps, 'transform' | 'type'> {
  /**
   * A = lowercase letter, * = letter or digit, 0 = digit; any other character is a literal
   * inserted as you type (e.g. a bank's account format '000-000000-00').
   */
  mask: string;
}

/**
 * A text input fitted to a mask as you type or paste (01 §5.2); a paste is fitted before the
 * mask's length cuts it (TextField), so a number copied with spaces around it keeps its digits. Written here rather than taken from a
 * mask package: the rule is a dozen lines (contracts/validation/rules.ts `applyMask`) and the
 * server checks the same function. The stored value keeps the literals.
 */
export function MaskedField({ mask, ...props }: MaskedFieldProps) {
  const transform = useCallback((text: string) => applyMask(mask, text), [mask]);
  return <TextField {...props} maxLength={mask.length} transform={transform} />;
}
