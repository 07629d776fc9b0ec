/** A choice of a select or radio group; the value keeps its type (ids stay numbers). */
export interface FieldOption<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** The option whose value reads as the given DOM value ('3' finds 3). */
export const optionByDomValue = <V extends string | number>(
  options: readonly FieldOption<V>[],
  domValue: string,
): FieldOption<V> | undefined => options.find((option) => String(option.value) === domValue);
