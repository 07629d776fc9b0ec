import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { COMMON_TEXT } from '@/config/texts';

export interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  label?: string;
}

/** A labelled search input (the dashboards filter their cards by name). */
export function SearchBox({ value, onChange, label = COMMON_TEXT.search }: SearchBoxProps) {
  const id = useId();
  return (
    <Form.Group controlId={id} className="search-box" role="search">
      <Form.Label visuallyHidden>{label}</Form.Label>
      <Form.Control
        type="search"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Form.Group>
  );
}
