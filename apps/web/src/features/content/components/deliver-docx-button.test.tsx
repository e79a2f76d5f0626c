import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentMessages, reviewScreenMessages } from '@copydesk/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { mockApi, renderRoute } from '@/test/utils';
import { doc } from '../testing/fixtures';
import { DeliverDocxButton } from './deliver-docx-button';

/** The queue's upload button: the word count before the delivery, and focus on the item's row after it. */
function open() {
  mockApi(() => undefined);
  renderRoute('/', [
    {
      path: '/',
      element: (
        <table>
          <tbody>
            <tr aria-label="Item 40">
              <td>
                <DeliverDocxButton contentId={40} itemLabel="item 40" />
              </td>
            </tr>
          </tbody>
        </table>
      ),
    },
  ]);
  return screen.getByRole('row', { name: 'Item 40' });
}

const choose = (row: HTMLElement) =>
  fireEvent.change(row.ownerDocument.querySelector('input[type="file"]')!, { target: { files: [new File(['PK'], 'v1.docx')] } });

afterEach(() => vi.unstubAllGlobals());

describe('the upload button of a queue row', () => {
  it('shows a short file’s words before delivering, then puts the focus on the row', async () => {
    FakeXhr.install((url) =>
      url.endsWith('/words')
        ? { status: 200, body: { word_count: 87, requested_word_count: 300, short: true } }
        : { status: 200, body: { message: contentMessages.delivered(1), document: doc(1) } },
    );
    const row = open();
    choose(row);
    const dialog = await screen.findByRole('dialog', { name: 'Deliver this file (item 40)?' });
    expect(dialog).toHaveTextContent(reviewScreenMessages.shortBeforeDelivery(87, 300));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver anyway' }));
    expect(await screen.findByText(contentMessages.delivered(1))).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/content/40/documents/words', '/api/content/40/documents']);
  });
});
