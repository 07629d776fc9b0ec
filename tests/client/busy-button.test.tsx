import { render, screen } from '@testing-library/react';
import { BusyButton } from '@/components/common/busy-button';

/**
 * A BusyButton reads unavailable while its action runs and keeps the focus; when the action
 * ends with the button disabled for good (a site now published), the focus goes on to the next
 * control rather than to the page.
 */

function Actions({ busy, published }: { busy: boolean; published: boolean }) {
  return (
    <main>
      <BusyButton busy={busy} disabled={published}>
        Publish
      </BusyButton>
      <button type="button" disabled>
        Unavailable
      </button>
      <button type="button">Export</button>
    </main>
  );
}

describe('BusyButton', () => {
  it('keeps the focus while busy, and passes it on when it ends disabled', () => {
    const view = render(<Actions busy={false} published={false} />);
    const publish = screen.getByRole('button', { name: 'Publish' });
    publish.focus();
    view.rerender(<Actions busy published />);
    expect(publish).toHaveAttribute('aria-disabled', 'true');
    expect(publish).toBeEnabled();
    expect(publish).toHaveFocus();
    view.rerender(<Actions busy={false} published />);
    expect(publish).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
  });

  it('leaves the focus alone when it ends usable, or when the caller moves it itself', () => {
    const view = render(<Actions busy published={false} />);
    const publish = screen.getByRole('button', { name: 'Publish' });
    publish.focus();
    view.rerender(<Actions busy={false} published={false} />);
    expect(publish).toHaveFocus();

    view.rerender(
      <main>
        <BusyButton busy={false} disabled passFocusOn={false}>
          Publish
        </BusyButton>
        <button type="button">Export</button>
      </main>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).not.toHaveFocus();
  });
});
