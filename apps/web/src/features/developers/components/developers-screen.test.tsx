import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiKeyMessages, developersScreenMessages as m, messages, webhookMessages, type Role } from '@copydesk/shared';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';
import { apiKey, delivery, NEW_KEY, pageOf, webhook } from '../testing/fixtures';

type Handler = (call: FetchCall) => Response | undefined;

/** Signs in as `role` and answers the screen's two lists (empty unless told); `handler` answers first. */
function developersApi(role: Role = 'agency', handler?: Handler) {
  const auth = signIn(role);
  return mockApi((call) => {
    const custom = handler?.(call);
    if (custom) return custom;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/api-keys':
        return json(200, { data: [] });
      case 'GET /api/webhooks':
        return json(200, { data: [] });
    }
  });
}

async function openScreen(handler?: Handler) {
  const calls = developersApi('agency', handler);
  const view = renderRoute('/settings/developers');
  await screen.findByRole('heading', { name: m.title, level: 1 });
  return { ...view, calls };
}

const unprocessable = (errors: Record<string, string[]>) => json(422, { code: 'validation.failed', message: Object.values(errors)[0]![0], errors });

describe('developers screen: API keys', () => {
  it('creates a key and shows it once, read-only, with a copy button, a warning and a curl example; the list refreshes', async () => {
    let created = false;
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'POST /api/api-keys') {
        created = true;
        return json(201, { id: 2, name: 'Order pipeline', prefix: NEW_KEY.slice(0, 8), key: NEW_KEY, created_at: '2026-11-26T10:00:00Z' });
      }
      if (route(call) === 'GET /api/api-keys' && created) return json(200, { data: [apiKey({ id: 2, prefix: NEW_KEY.slice(0, 8) })] });
    });
    expect(await screen.findByText(m.keysNone)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: m.createKey }));
    const dialog = await screen.findByRole('dialog', { name: m.createKey });
    await user.type(within(dialog).getByRole('textbox', { name: m.keyName }), '  Order pipeline ');
    await user.click(within(dialog).getByRole('button', { name: m.createKey }));

    const shown = await screen.findByRole('dialog', { name: m.keyCreatedTitle });
    const field = within(shown).getByRole('textbox', { name: m.keyLabel });
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(within(shown).getByText(m.keyShownOnce)).toBeInTheDocument();
    expect(within(shown).getByText(`curl -H "Authorization: Bearer ${NEW_KEY}" ${window.location.origin}/api/order`)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/api-keys')?.body).toEqual({ name: 'Order pipeline' });

    await user.click(within(shown).getByRole('button', { name: `${m.copy} ${m.keyLabel}` }));
    expect(await within(shown).findByRole('button', { name: `${m.copied} ${m.keyLabel}` })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    // Done closes without asking, and the key is nowhere on the page any more: only its prefix is listed.
    await user.click(within(shown).getByRole('button', { name: m.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: 'API key Order pipeline' });
    expect(row).toHaveTextContent(`${NEW_KEY.slice(0, 8)}…`);
    expect(row).toHaveTextContent(m.neverUsed);
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(NEW_KEY);

    // Opening the dialog again asks for a new name; the old key is not shown again.
    await user.click(screen.getByRole('button', { name: m.createKey }));
    const again = await screen.findByRole('dialog', { name: m.createKey });
    expect(within(again).getByRole('textbox', { name: m.keyName })).toHaveValue('');
  });

  it("says a name's problem under the field: an empty name before sending, the server's refusal after", async () => {
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'POST /api/api-keys') return unprocessable({ name: [apiKeyMessages.tooMany] });
    });
    await user.click(await screen.findByRole('button', { name: m.createKey }));
    const dialog = await screen.findByRole('dialog', { name: m.createKey });
    const name = within(dialog).getByRole('textbox', { name: m.keyName });

    await user.click(within(dialog).getByRole('button', { name: m.createKey }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining(messages.fieldRequired)));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(calls.some((c) => route(c) === 'POST /api/api-keys')).toBe(false);

    await user.type(name, 'Twenty-first');
    await user.click(within(dialog).getByRole('button', { name: m.createKey }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining(apiKeyMessages.tooMany)));
    expect(within(dialog).queryByRole('textbox', { name: m.keyLabel })).not.toBeInTheDocument();
  });

  it('revokes a key only after the confirmation, then lists the keys again', async () => {
    let revoked = false;
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'GET /api/api-keys') return json(200, { data: revoked ? [] : [apiKey({ last_used_at: '2026-11-25T12:00:00Z' })] });
      if (route(call) === 'DELETE /api/api-keys/1') {
        revoked = true;
        return json(200, { message: apiKeyMessages.revoked });
      }
    });
    const row = await screen.findByRole('row', { name: 'API key Order pipeline' });
    expect(row).not.toHaveTextContent(m.neverUsed);

    await user.click(within(row).getByRole('button', { name: `${m.revoke} Order pipeline` }));
    let dialog = await screen.findByRole('dialog', { name: m.revokeKeyTitle('Order pipeline') });
    expect(dialog).toHaveTextContent(m.revokeKeyBody);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(row).getByRole('button', { name: `${m.revoke} Order pipeline` }));
    dialog = await screen.findByRole('dialog', { name: m.revokeKeyTitle('Order pipeline') });
    await user.click(within(dialog).getByRole('button', { name: m.revoke }));
    expect(await screen.findByText(apiKeyMessages.revoked)).toBeInTheDocument();
    expect(await screen.findByText(m.keysNone)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'DELETE /api/api-keys/1')).toHaveLength(1);
  });

  it('shows a failed load in place of the list, with Retry that asks again', async () => {
    let failing = true;
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'GET /api/api-keys' && failing) return json(500, { code: 'server.error', message: messages.serverError });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(m.keysFailed);
    expect(screen.queryByText(m.keysNone)).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(m.keysNone)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'GET /api/api-keys')).toHaveLength(2);
  });
});

describe('developers screen: webhooks', () => {
  it('says the problems beside the fields: no events before sending, the address the server refuses after', async () => {
    let created = false;
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'POST /api/webhooks') {
        const body = call.body as { url: string };
        if (body.url.startsWith('http://')) return unprocessable({ url: [webhookMessages.urlNotHttps] });
        created = true;
        return json(201, { id: 4, url: body.url, events: ['*'], secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0', created_at: '2026-11-26T10:00:00Z' });
      }
      if (route(call) === 'GET /api/webhooks' && created) return json(200, { data: [webhook({ events: ['*'] })] });
    });
    expect(await screen.findByText(m.webhooksNone)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: m.addWebhook }));
    const dialog = await screen.findByRole('dialog', { name: m.addWebhook });
    const url = within(dialog).getByRole('textbox', { name: new RegExp(m.webhookUrl) });
    const all = within(dialog).getByRole('checkbox', { name: new RegExp(m.allEvents) });

    await user.type(url, 'http://hooks.example.com/copydesk');
    await user.click(within(dialog).getByRole('button', { name: m.addWebhook }));
    expect(await within(dialog).findByText(webhookMessages.eventsRequired)).toBeInTheDocument();
    expect(all).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: /Events/ })).toHaveAccessibleDescription(webhookMessages.eventsRequired);
    await waitFor(() => expect(all).toHaveFocus());
    expect(calls.some((c) => route(c) === 'POST /api/webhooks')).toBe(false);

    // Each event can be chosen on its own; "All events" covers them all.
    await user.click(within(dialog).getByRole('checkbox', { name: 'order.paid' }));
    expect(within(dialog).queryByText(webhookMessages.eventsRequired)).not.toBeInTheDocument();
    await user.click(all);
    expect(within(dialog).getByRole('checkbox', { name: 'refund.created' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: m.addWebhook }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(webhookMessages.urlNotHttps)));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => route(c) === 'POST /api/webhooks').at(-1)?.body).toEqual({ url: 'http://hooks.example.com/copydesk', events: ['*'] });

    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/copydesk');
    await user.click(within(dialog).getByRole('button', { name: m.addWebhook }));
    const shown = await screen.findByRole('dialog', { name: m.webhookAddedTitle });
    expect(within(shown).getByRole('textbox', { name: m.secretLabel })).toHaveValue('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0');
    expect(within(shown).getByText(m.secretShownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: `${m.copy} ${m.secretLabel}` })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: m.done }));
    expect(await screen.findByRole('row', { name: 'Webhook https://hooks.example.com/copydesk' })).toHaveTextContent(m.allEvents);
  });

  it('lists the events and Disabled, sends a test event, and opens the delivery log with its statuses and a Retry per delivery', async () => {
    let retried = false;
    const { user, calls } = await openScreen((call) => {
      switch (route(call)) {
        case 'GET /api/webhooks':
          return json(200, { data: [webhook(), webhook({ id: 5, url: 'https://old.example.com/hook', disabled_at: '2026-11-24T00:00:00Z' })] });
        case 'POST /api/webhooks/4/test':
          return json(202, { message: webhookMessages.testQueued });
        case 'GET /api/webhooks/4/deliveries':
          return json(
            200,
            pageOf([
              delivery({
                id: 13,
                event: 'webhook.test',
                status: 'pending',
                attempts: retried ? 0 : 2,
                last_status_code: 500,
                last_error: 'HTTP 500',
                next_attempt_at: '2026-11-26T10:05:00Z',
              }),
              delivery({ id: 12, event: 'content.delivered', status: 'failed', attempts: 9, last_status_code: null, last_error: 'Timed out after 10 s' }),
              delivery(),
            ]),
          );
        case 'POST /api/webhooks/4/deliveries/12/retry':
          retried = true;
          return json(202, { message: webhookMessages.retryQueued });
      }
    });
    const live = await screen.findByRole('row', { name: 'Webhook https://hooks.example.com/copydesk' });
    expect(live).toHaveTextContent('order.paid');
    expect(live).toHaveTextContent('content.delivered');
    expect(live).not.toHaveTextContent(m.disabled);
    const old = screen.getByRole('row', { name: 'Webhook https://old.example.com/hook' });
    expect(old).toHaveTextContent(m.disabled);
    expect(within(old).getByRole('button', { name: `${m.sendTest} to https://old.example.com/hook` })).toBeDisabled();

    await user.click(within(live).getByRole('button', { name: `${m.sendTest} to https://hooks.example.com/copydesk` }));
    expect(await screen.findByText(webhookMessages.testQueued)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'POST /api/webhooks/4/test')).toHaveLength(1);

    await user.click(within(live).getByRole('button', { name: `${m.deliveryLog} of https://hooks.example.com/copydesk` }));
    const log = await screen.findByRole('dialog', { name: m.deliveriesTitle('https://hooks.example.com/copydesk') });
    const pending = await within(log).findByRole('row', { name: 'Delivery 13' });
    for (const text of ['webhook.test', 'Pending', '2', '500', 'HTTP 500']) expect(pending).toHaveTextContent(text);
    const failed = within(log).getByRole('row', { name: 'Delivery 12' });
    for (const text of ['content.delivered', 'Failed', '9', 'Timed out after 10 s']) expect(failed).toHaveTextContent(text);
    expect(within(log).getByRole('row', { name: 'Delivery 11' })).toHaveTextContent('Succeeded');
    const pages = calls.filter((c) => route(c) === 'GET /api/webhooks/4/deliveries');
    expect(Object.fromEntries(new URL(pages[0]!.url, 'http://test.local').searchParams)).toMatchObject({ page: '1', limit: '10' });

    await user.click(within(failed).getByRole('button', { name: `${m.retryDelivery} delivery 12 (content.delivered)` }));
    expect(await screen.findByText(webhookMessages.retryQueued)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'POST /api/webhooks/4/deliveries/12/retry')).toHaveLength(1);
    // The log is read again after the retry, and Refresh reads it again on demand.
    await waitFor(() => expect(calls.filter((c) => route(c) === 'GET /api/webhooks/4/deliveries').length).toBeGreaterThan(pages.length));
    const before = calls.filter((c) => route(c) === 'GET /api/webhooks/4/deliveries').length;
    await user.click(within(log).getByRole('button', { name: m.refresh }));
    await waitFor(() => expect(calls.filter((c) => route(c) === 'GET /api/webhooks/4/deliveries').length).toBe(before + 1));
  });

  it('removes a webhook only after the confirmation', async () => {
    let removed = false;
    const { user, calls } = await openScreen((call) => {
      if (route(call) === 'GET /api/webhooks') return json(200, { data: removed ? [] : [webhook()] });
      if (route(call) === 'DELETE /api/webhooks/4') {
        removed = true;
        return json(200, { message: webhookMessages.deleted });
      }
    });
    const row = await screen.findByRole('row', { name: 'Webhook https://hooks.example.com/copydesk' });
    await user.click(within(row).getByRole('button', { name: `${m.remove} https://hooks.example.com/copydesk` }));
    const dialog = await screen.findByRole('dialog', { name: m.removeWebhookTitle });
    expect(dialog).toHaveTextContent(m.removeWebhookBody('https://hooks.example.com/copydesk'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: m.remove }));
    expect(await screen.findByText(m.webhooksNone)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'DELETE /api/webhooks/4')).toHaveLength(1);
  });
});

describe('developers screen: getting started and access', () => {
  it('shows the curl example, the API reference, the signature check and the MCP address with a client configuration', async () => {
    await openScreen();
    const origin = window.location.origin;
    const section = screen.getByRole('region', { name: m.gettingStartedTitle });
    expect(within(section).getByText(`curl -H "Authorization: Bearer cd_…" ${origin}/api/order`)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: m.docsLink })).toHaveAttribute('href', '/api/docs');
    expect(section).toHaveTextContent("import { Webhook } from 'standardwebhooks';");
    expect(section).toHaveTextContent('webhook.verify(body, headers)');
    expect(within(section).getByRole('textbox', { name: m.mcpAddress })).toHaveValue(`${origin}/mcp`);
    expect(section).toHaveTextContent(`"url": "${origin}/mcp"`);
    expect(section).toHaveTextContent('"Authorization": "Bearer cd_…"');
  });

  it('is in the account menu of agencies and admins, not of associates, whom the route sends to the dashboard', async () => {
    developersApi('admin');
    const admin = renderRoute('/dashboard');
    await admin.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await admin.user.click(await screen.findByRole('menuitem', { name: m.menuLink }));
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/settings/developers'));
    admin.unmount();

    developersApi('associate');
    const associate = renderRoute('/settings/developers');
    await waitFor(() => expect(associate.router.state.location.pathname).toBe('/dashboard'));
    await associate.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: m.menuLink })).not.toBeInTheDocument();
  });
});
