import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { dialogs, dialogStore, textToHtml, type DialogHandle } from '@/lib/dialogs/dialog-service';

function setup() {
  const user = userEvent.setup();
  render(<DialogHost />);
  return { user };
}

afterEach(() => act(() => dialogs.closeAll()));

const gone = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('dialog service', () => {
  it('confirm resolves true on OK', async () => {
    const { user } = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.confirm('Delete', '<p>Delete it?</p>', { okText: 'Yes', cancelText: 'No' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveAccessibleDescription('Delete it?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(answer).resolves.toBe(true);
    await gone();
  });

  it('confirm resolves false on Cancel and on Escape', async () => {
    const { user } = setup();
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = dialogs.confirm('Leave', 'Leave the page?');
    });
    await user.click(await screen.findByRole('button', { name: DIALOG_TEXT.cancel }));
    await expect(first).resolves.toBe(false);
    await gone();

    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = dialogs.confirm('Leave', 'Leave the page?');
    });
    await screen.findByRole('dialog', { name: 'Leave' });
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
    await gone();
  });

  it('focuses OK, so Enter confirms', async () => {
    const { user } = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.confirm('Proceed', 'Go on?');
    });
    const ok = await screen.findByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    await user.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
  });

  it('error: title, message, one OK button (default text), Escape answers as OK', async () => {
    const { user } = setup();
    let closed = false;
    act(() => {
      void dialogs.error('Error: 3', 'Not found').then(() => {
        closed = true;
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error: 3' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['OK']);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await gone();
    await waitFor(() => expect(closed).toBe(true));
  });

  it('a notice shown with dialogs.show and only OK closes on Escape as on OK', async () => {
    const { user } = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = dialogs.show({ kind: 'error', title: 'Error', html: 'Form not valid' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(true);
    await gone();
  });

  it('a loading dialog ignores Escape: it closes only by its handle', async () => {
    const { user } = setup();
    let handle: { close(): void } | undefined;
    act(() => {
      handle = dialogs.loading();
    });
    const busy = await screen.findByRole('dialog', { name: DIALOG_TEXT.loading });
    await user.keyboard('{Escape}');
    expect(busy).toBeInTheDocument();
    act(() => handle?.close());
    await gone();
  });

  it('success and warn use the given OK text', async () => {
    const { user } = setup();
    act(() => void dialogs.success('Saved!', 'Your profile has been saved!', 'Great'));
    const success = await screen.findByRole('dialog', { name: 'Saved!' });
    await user.click(within(success).getByRole('button', { name: 'Great' }));
    act(
      () => void dialogs.warn('Warning', 'Please select program before importing configuration!'),
    );
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toHaveTextContent(
      'Please select program',
    );
  });

  it('sanitises the HTML message: no <script>, no event handlers', async () => {
    setup();
    const hits: string[] = [];
    (window as unknown as { hit: (s: string) => void }).hit = (s) => hits.push(s);
    act(
      () =>
        void dialogs.error(
          'Unsafe',
          '<b>Bold</b><script>window.hit("script")</script><img src="x" onerror="window.hit(\'img\')">',
        ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unsafe' });
    expect(within(dialog).getByText('Bold').tagName).toBe('B');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.innerHTML).not.toMatch(/onerror/i);
    expect(hits).toEqual([]);
  });

  it('textToHtml shows text as written', async () => {
    setup();
    act(() => void dialogs.error('Error: 1', textToHtml('Field <name> & "value" is wrong')));
    expect(await screen.findByRole('dialog', { name: 'Error: 1' })).toHaveTextContent(
      'Field <name> & "value" is wrong',
    );
  });

  it('loading and processing show their text until closed by their handle', async () => {
    setup();
    let handle: DialogHandle | undefined;
    act(() => {
      handle = dialogs.loading();
    });
    const loading = await screen.findByRole('dialog', { name: DIALOG_TEXT.loading });
    expect(within(loading).queryByRole('button')).toBeNull();
    act(() => handle?.close());
    await gone();

    act(() => {
      handle = dialogs.processing();
    });
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.processing })).toHaveTextContent(
      DIALOG_TEXT.processing,
    );
    act(() => handle?.close());
    await gone();
  });

  it('stacks dialogs: the newest shows, the one below returns when it closes', async () => {
    const { user } = setup();
    let processing: DialogHandle | undefined;
    act(() => {
      processing = dialogs.processing();
      void dialogs.error('Failed', 'It failed');
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Failed' })).getByRole('button', {
        name: 'OK',
      }),
    );
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.processing })).toBeInTheDocument();
    act(() => processing?.close());
    await gone();
    expect(dialogStore.getSnapshot()).toEqual([]);
  });

  it('works without a host mounted yet (non-React callers) and shows once one is', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    answer = dialogs.confirm('Early', 'Opened before render');
    const { user } = setup();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Early' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await expect(answer).resolves.toBe(true);
  });
});
