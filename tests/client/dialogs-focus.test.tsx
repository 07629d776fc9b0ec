import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { dialogs } from '@/lib/dialogs/dialog-service';

/**
 * Dialogs keep the keyboard focus (Tab from "Confirm Logout" never reaches the sidebar) and
 * give it back to the control that opened them.
 */

function Page({ onOpen }: { onOpen(): void }) {
  return (
    <>
      <nav aria-label="Sidebar">
        <a href="#/somewhere">Somewhere</a>
      </nav>
      <button type="button" onClick={onOpen}>
        Logout
      </button>
      <DialogHost />
    </>
  );
}

afterEach(() => act(() => dialogs.closeAll()));

const focusedName = () => document.activeElement?.textContent;

describe('dialogs keep the keyboard focus', () => {
  it('Tab and Shift+Tab cycle through the dialog buttons, never the page behind', async () => {
    const user = userEvent.setup();
    render(<Page onOpen={() => void dialogs.confirm('Confirm Logout', 'Are you sure?')} />);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Logout' });
    const ok = within(dialog).getByRole('button', { name: DIALOG_TEXT.ok });
    await waitFor(() => expect(ok).toHaveFocus());

    const seen: (string | null | undefined)[] = [];
    for (let press = 0; press < 4; press += 1) {
      await user.tab();
      seen.push(focusedName());
    }
    for (let press = 0; press < 4; press += 1) {
      await user.tab({ shift: true });
      seen.push(focusedName());
    }
    expect(seen).toEqual(['Cancel', 'OK', 'Cancel', 'OK', 'Cancel', 'OK', 'Cancel', 'OK']);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('a confirmation that gives something up focuses Cancel, so Enter keeps the safe choice', async () => {
    const user = userEvent.setup();
    let answer: boolean | undefined;
    render(
      <Page
        onOpen={() =>
          void dialogs
            .confirm('Unsaved changes', 'Leave?', {
              okText: 'Leave',
              cancelText: 'Stay',
              focusCancel: true,
            })
            .then((chosen) => (answer = chosen))
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answer).toBe(false));
  });

  it('a dialog without buttons (processing) keeps the focus on itself', async () => {
    const user = userEvent.setup();
    let close: () => void = () => undefined;
    render(
      <Page
        onOpen={() => {
          close = dialogs.processing().close;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.processing });
    await user.tab();
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toHaveFocus();
    act(() => close());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus());
  });

  it('closing gives the focus back to the opener, also after a chain of dialogs', async () => {
    const user = userEvent.setup();
    let done: Promise<void> = Promise.resolve();
    render(
      <Page
        onOpen={() => {
          done = (async () => {
            if (!(await dialogs.confirm('Confirm Logout', 'Are you sure?'))) return;
            const processing = dialogs.processing();
            await Promise.resolve();
            processing.close();
            await dialogs.success('Success', 'Done');
          })();
        }}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Logout' });

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: DIALOG_TEXT.cancel }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: DIALOG_TEXT.ok }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    await user.click(within(success).getByRole('button', { name: DIALOG_TEXT.ok }));
    await act(() => done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

/**
 * A screen whose action, behind a dialog, leaves the control pressed unusable: `after` says what
 * becomes of it once the action is done (the success dialog still open).
 */
function ActionScreen({ after }: { after: 'disabled' | 'gone' }) {
  const [done, setDone] = useState(false);
  const run = () => {
    void dialogs.success('Success', 'Done');
    setDone(true);
  };
  return (
    <main tabIndex={-1}>
      <h1 tabIndex={-1}>Summary</h1>
      <button type="button">Before</button>
      {after === 'gone' && done ? null : (
        <button type="button" disabled={after === 'disabled' && done} onClick={run}>
          Publish
        </button>
      )}
      <button type="button" disabled>
        Unavailable
      </button>
      <button type="button">Export</button>
      <DialogHost />
    </main>
  );
}

describe('when the opener can no longer take the focus, it goes near it, never to the page', () => {
  it('an opener disabled by its action: the next control that can take it', async () => {
    const user = userEvent.setup();
    render(<ActionScreen after="disabled" />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    await user.click(within(success).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus());
  });

  it("an opener gone from the page: the screen's heading", async () => {
    const user = userEvent.setup();
    render(<ActionScreen after="gone" />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(success).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Summary' })).toHaveFocus());
  });
});
