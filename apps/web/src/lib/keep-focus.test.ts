import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusInRow } from './keep-focus';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A queue of one row whose Take button the test replaces, as the refreshed list does after Take. */
function queue() {
  document.body.innerHTML = `
    <main><h1>Fulfilment</h1>
      <table aria-label="Items"><tbody>
        <tr aria-label="Item 40"><td><a href="/content-view/40">Five habits</a></td><td class="actions"><button>Take</button></td></tr>
      </tbody></table>
    </main>`;
  const take = document.querySelector('button')!;
  take.focus();
  return { take, actions: document.querySelector('td.actions')! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('keepFocusInRow', () => {
  it("focuses the row's next action once the control has been replaced, even when it was gone before the call", async () => {
    const { take, actions } = queue();
    const keep = keepFocusInRow(take);
    actions.innerHTML = '<button>Upload .docx</button>';
    keep();
    await settle();
    expect(document.activeElement).toHaveTextContent('Upload .docx');
  });

  it('finds the row again when the list was drawn anew, and falls back to the list when the row has left it', async () => {
    const { take } = queue();
    const keep = keepFocusInRow(take);
    document.querySelector('table')!.outerHTML =
      '<table aria-label="Items"><tbody><tr aria-label="Item 40"><td><button>Upload .docx</button></td></tr></tbody></table>';
    keep();
    await settle();
    expect(document.activeElement).toHaveTextContent('Upload .docx');

    const again = queue();
    const keepAgain = keepFocusInRow(again.take);
    document.querySelector('tbody')!.innerHTML = '';
    keepAgain();
    await settle();
    expect(document.activeElement).toBe(document.querySelector('table'));
  });

  it('leaves focus alone when the user has moved on', async () => {
    const { take, actions } = queue();
    const keep = keepFocusInRow(take);
    const link = document.querySelector('a')!;
    actions.innerHTML = '<button>Upload .docx</button>';
    link.focus();
    keep();
    await settle();
    expect(document.activeElement).toBe(link);
  });
});
