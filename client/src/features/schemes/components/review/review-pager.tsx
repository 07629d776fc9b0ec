import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { REVIEW_TEXT } from '@contracts/api/import-review';
import {
  REVIEW_SCREEN_TEXT,
  lastPageOffset,
  nextOffset,
  pageCount,
  pageOfOffset,
  previousOffset,
  typedPage,
} from '../../lib/import-review';

/** A page button: unavailable at the first or last page, yet focusable (aria-disabled). */
function PageButton({
  unavailable,
  onGo,
  children,
}: {
  unavailable: boolean;
  onGo(): void;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="outline-secondary"
      aria-disabled={unavailable || undefined}
      className={unavailable ? 'disabled' : undefined}
      onClick={() => {
        if (!unavailable) onGo();
      }}
    >
      {children}
    </Button>
  );
}

/** A page number typed and not gone to, on the page it was typed on. */
interface Typed {
  offset: number;
  text: string;
  /** Gone to and no whole number: the message says what to type. */
  bad: boolean;
}

/**
 * The review grid's pages (a review may hold a million lines): First, Previous, the lines shown
 * ("Lines 101-200 of 3,412", said when it changes), Next, Last, and a page number typed ("Page
 * [n] of N", Go or Enter). A number past either end goes to that end; anything else is no page:
 * a message under the number says what to type (linked to it, announced), and nothing is asked
 * of the server.
 *
 * Focus stays on the control used: a page button that reaches the first or last page stays
 * focused and reads unavailable (aria-disabled, as the screen's Apply and Import corrections do
 * while they run), so paging on from the keyboard never drops the focus to the page; the page
 * number keeps it after Enter, and shows the page gone to.
 */
export function ReviewPager({
  offset,
  limit,
  total,
  range,
  onOffset,
}: {
  /** The first line of the page shown (0-based, a multiple of `limit`). */
  offset: number;
  limit: number;
  /** The filter's lines in all. */
  total: number;
  /** The lines shown (REVIEW_TEXT.pageOf). */
  range: string;
  onOffset(offset: number): void;
}) {
  const inputId = useId();
  const countId = useId();
  const messageId = useId();
  const [typed, setTyped] = useState<Typed | null>(null);
  const pages = pageCount(total, limit);
  const current = Math.min(pageOfOffset(offset, limit), pages);
  const shown = typed?.offset === offset ? typed : null;
  const atFirst = offset === 0;
  const atLast = nextOffset(offset, limit) >= total;

  function go(next: number) {
    setTyped(null);
    if (next !== offset) onOffset(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = shown?.text ?? String(current);
    const page = typedPage(text, pages);
    if (page === undefined) {
      setTyped({ offset, text, bad: true });
      return;
    }
    go((page - 1) * limit);
  }

  return (
    <nav
      aria-label={REVIEW_SCREEN_TEXT.pages}
      className="review-pager d-flex flex-wrap align-items-center gap-2"
    >
      <PageButton unavailable={atFirst} onGo={() => go(0)}>
        {REVIEW_TEXT.firstPage}
      </PageButton>
      <PageButton unavailable={atFirst} onGo={() => go(previousOffset(offset, limit))}>
        {REVIEW_TEXT.previousPage}
      </PageButton>
      <span aria-live="polite">{range}</span>
      <PageButton unavailable={atLast} onGo={() => go(nextOffset(offset, limit))}>
        {REVIEW_TEXT.nextPage}
      </PageButton>
      <PageButton unavailable={atLast} onGo={() => go(lastPageOffset(total, limit))}>
        {REVIEW_TEXT.lastPage}
      </PageButton>
      <form className="d-flex flex-wrap align-items-center gap-2" noValidate onSubmit={submit}>
        <label htmlFor={inputId}>{REVIEW_SCREEN_TEXT.pageNumber}</label>
        <input
          id={inputId}
          className={`form-control form-control-sm review-page-number${shown?.bad ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          value={shown?.text ?? String(current)}
          aria-invalid={shown?.bad || undefined}
          aria-describedby={shown?.bad ? `${countId} ${messageId}` : countId}
          onChange={(event) => setTyped({ offset, text: event.currentTarget.value, bad: false })}
        />
        <span id={countId}>{REVIEW_SCREEN_TEXT.pageCount(pages)}</span>
        <Button type="submit" size="sm" variant="outline-secondary">
          {REVIEW_SCREEN_TEXT.goToPage}
        </Button>
        <span id={messageId} aria-live="polite" className="review-page-message text-danger">
          {shown?.bad ? REVIEW_SCREEN_TEXT.badPageNumber(pages) : null}
        </span>
      </form>
    </nav>
  );
}
