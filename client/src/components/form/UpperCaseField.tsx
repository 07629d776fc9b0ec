import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';

const toUpper = (text: string): string => text.toUpperCase();

/** A text input that forces capitals as you type (01 §5.3, 03 §5 "capitalize input"). */
export function UpperCaseField(props: Omit<TextFieldProps, 'transform' | 'type'>) {
  return <TextField {...props} transform={toUpper} />;
}
