/**
 * A tag input (01 §5.1 defaults; 03 §5 liability recipients). Written here rather than taken from
 * a package: the rules are those of `normalizeTag` in contracts/validation/rules.ts, and the few
 * React tag inputs on npm bring their own styling and do not follow these rules.
 *
 * Keyboard: Enter, comma or semicolon (and space when `addOnSpace`) adds the typed tag;
 * Backspace in the empty input removes the last tag; each tag has a remove button.
 *
 * Pasted text holding a separator (comma, semicolon, line break or TAB, and space when
 * `addOnSpace`) becomes one tag per piece, joined to any text typed around the caret, each piece
 * taken as a typed tag would be; the pieces refused (too short, a duplicate) stay in the input.
 * Text that came in without keys (dropped, from an input method) splits the same way when it is
 * added on Enter or blur.
 *
 * With `validateTag`, while the field shows its error each tag that fails the rule is marked
 * (danger colour, a "!" and underlined, so not by colour alone) and named in the input's
 * description after the message, so a screen reader says which tag is wrong; its remove button
 * is described by the message too. With `loadSuggestions` the
 * input is a combobox: ArrowDown/ArrowUp move through up to 10 suggestions, Enter picks one,
 * Escape closes the list.
 */
import { useEffect, useRef, useState } from 'react';
import type { ClipboardEvent, FocusEvent, KeyboardEvent } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { normalizeTag, TAG_DEFAULTS } from '@contracts/validation/rules';
import type { TagResult } from '@contracts/validation/rules';
import { errorIdOf, FieldShell, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

type Tags = string[] | undefined;

/** What ends a tag besides Enter: the keys that do, and line breaks and TABs from a paste. */
const SEPARATORS = /[,;\r\n\t]/;
const SEPARATORS_AND_SPACE = /[,;\s]/;

export interface TagInputFieldProps extends BaseFieldProps<Tags> {
  /** Shortest tag accepted (default 3). */
  minLength?: number;
  /** Space also ends a tag (liability e-mail tags, 03 §5). */
  addOnSpace?: boolean;
  /** Leaving the input adds what was typed (default true). */
  addOnBlur?: boolean;
  placeholder?: string;
  /** Autocomplete source; called with the trimmed text once it has `minQueryLength` characters. */
  loadSuggestions?: (query: string) => Promise<readonly string[]> | readonly string[];
  maxSuggestions?: number;
  debounceMs?: number;
  minQueryLength?: number;
  /** Told when typed text is not added (too short or a duplicate); the text stays in the input. */
  onReject?: (result: Extract<TagResult, { ok: false }>) => void;
  /** The rule each tag must pass (e.g. an e-mail address): failing tags are marked. */
  validateTag?: (tag: string) => string | undefined;
}

export function TagInputField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  minLength = TAG_DEFAULTS.minLength,
  addOnSpace = false,
  addOnBlur = true,
  placeholder,
  loadSuggestions,
  maxSuggestions = TAG_DEFAULTS.maxSuggestions,
  debounceMs = TAG_DEFAULTS.debounceMs,
  minQueryLength = TAG_DEFAULTS.minQueryLength,
  onReject,
  validateTag,
}: TagInputFieldProps) {
  const { input, id, error, aria } = useFormField<Tags>(name, { validate, id: idProp, help });
  // react-final-form formats an unset value as ''.
  const tags = Array.isArray(input.value) ? input.value : [];
  const [text, setText] = useState('');
  const [rejected, setRejected] = useState(false);
  const [suggestions, setSuggestions] = useState<readonly string[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-suggestions`;
  const expanded = suggestions.length > 0;
  const tagIdOf = (index: number) => `${id}-tag-${index}`;
  // Marked only while the field shows its error (the form's display rule decides when).
  const invalidTags = tags.map((tag) => Boolean(error && validateTag?.(tag) !== undefined));
  // Named after the message, before the help: "Invalid email address not-an-email …".
  const describedBy = aria['aria-describedby']?.split(' ') ?? [];
  describedBy.splice(
    describedBy.indexOf(errorIdOf(id)) + 1,
    0,
    ...tags.map((_tag, index) => tagIdOf(index)).filter((_tagId, index) => invalidTags[index]),
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const closeSuggestions = () => {
    clearTimeout(timer.current);
    request.current += 1;
    setSuggestions([]);
    setActiveIndex(-1);
  };

  /** Adds a tag; true when added. */
  const add = (raw: string): boolean => {
    const result = normalizeTag(raw, tags, minLength);
    if (!result.ok) {
      if (result.reason !== 'empty') {
        setRejected(true);
        onReject?.(result);
      }
      return false;
    }
    input.onChange([...tags, result.tag]);
    setText('');
    setRejected(false);
    closeSuggestions();
    return true;
  };

  const separators = addOnSpace ? SEPARATORS_AND_SPACE : SEPARATORS;

  /**
   * Adds each piece of text holding separators, as `add` would one by one; the refused pieces
   * stay in the input, joined by commas.
   */
  const addPieces = (raw: string) => {
    let next = tags;
    const refused: string[] = [];
    for (const piece of raw.split(separators)) {
      const result = normalizeTag(piece, next, minLength);
      if (result.ok) {
        next = [...next, result.tag];
      } else if (result.reason !== 'empty') {
        refused.push(piece.trim());
        onReject?.(result);
      }
    }
    if (next !== tags) input.onChange(next);
    setText(refused.join(', '));
    setRejected(refused.length > 0);
    closeSuggestions();
  };

  /** Adds the text in the input: one tag, or one per piece when it holds separators. */
  const addText = (raw: string) => {
    if (separators.test(raw)) addPieces(raw);
    else add(raw);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    if (!separators.test(pasted)) return;
    event.preventDefault();
    const element = event.currentTarget;
    const start = element.selectionStart ?? text.length;
    const end = element.selectionEnd ?? start;
    addPieces(text.slice(0, start) + pasted + text.slice(end));
  };

  /** Removes by position: tags loaded from the server may repeat. */
  const remove = (position: number) => {
    const rest = tags.filter((_tag, index) => index !== position);
    input.onChange(rest.length > 0 ? rest : undefined);
    inputRef.current?.focus();
  };

  const query = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (!loadSuggestions || trimmed.length < minQueryLength) {
      closeSuggestions();
      return;
    }
    const ticket = ++request.current;
    timer.current = setTimeout(() => {
      void Promise.resolve(loadSuggestions(trimmed)).then(
        (found) => {
          if (ticket !== request.current) return;
          const taken = new Set(tags.map((tag) => tag.toLowerCase()));
          setSuggestions(
            found.filter((item) => !taken.has(item.toLowerCase())).slice(0, maxSuggestions),
          );
          setActiveIndex(-1);
        },
        () => ticket === request.current && setSuggestions([]),
      );
    }, debounceMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (expanded && (key === 'ArrowDown' || key === 'ArrowUp')) {
      event.preventDefault();
      const last = suggestions.length - 1;
      setActiveIndex((index) =>
        key === 'ArrowDown' ? (index < last ? index + 1 : 0) : index > 0 ? index - 1 : last,
      );
      return;
    }
    if (key === 'Escape' && expanded) {
      event.preventDefault();
      closeSuggestions();
      return;
    }
    if (key === 'Enter' || key === ',' || key === ';' || (addOnSpace && key === ' ')) {
      const picked = key === 'Enter' && activeIndex >= 0 ? suggestions[activeIndex] : undefined;
      // Enter in an empty tag input submits the form as usual.
      if (key === 'Enter' && !picked && text.trim() === '') return;
      event.preventDefault();
      if (picked !== undefined) add(picked);
      else addText(text);
      return;
    }
    if (key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags.length - 1);
    }
  };

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (addOnBlur && text.trim() !== '') addText(text);
    closeSuggestions();
    input.onBlur(event);
  };

  const active = activeIndex >= 0 && activeIndex < suggestions.length ? activeIndex : -1;

  return (
    <FieldShell id={id} label={label} error={error} help={help} className={className}>
      <div
        className={`form-control d-flex flex-wrap align-items-center gap-1 h-auto${error ? ' is-invalid' : ''}${disabled ? ' bg-body-secondary' : ''}`}
      >
        {tags.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={`${label}: added`}>
            {tags.map((tag, index) => {
              const invalid = invalidTags[index];
              return (
                <li
                  key={`${index}-${tag}`}
                  className={`badge ${invalid ? 'text-bg-danger' : 'text-bg-secondary'} d-inline-flex align-items-center gap-1`}
                  data-invalid={invalid ? 'true' : undefined}
                >
                  {invalid ? <span aria-hidden="true">!</span> : null}
                  <span
                    id={tagIdOf(index)}
                    className={invalid ? 'text-decoration-underline' : undefined}
                  >
                    {tag}
                  </span>
                  <CloseButton
                    variant="white"
                    aria-label={`Remove ${tag}`}
                    aria-describedby={invalid ? errorIdOf(id) : undefined}
                    disabled={disabled}
                    onClick={() => remove(index)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <input
          {...aria}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          ref={inputRef}
          id={id}
          name={input.name}
          className={`border-0 flex-grow-1 bg-transparent${rejected ? ' text-danger' : ''}`}
          style={{ minWidth: '8rem' }}
          type="text"
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRejected(false);
            query(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onFocus={input.onFocus}
          onBlur={onBlur}
          {...(loadSuggestions
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-activedescendant': active >= 0 ? `${listId}-${active}` : undefined,
              }
            : {})}
        />
      </div>
      {loadSuggestions && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="list-group position-absolute shadow-sm z-3"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
              // mousedown, not click: picking must not blur the input first.
              onMouseDown={(event) => {
                event.preventDefault();
                add(suggestion);
              }}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      )}
    </FieldShell>
  );
}
