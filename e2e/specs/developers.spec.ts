import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { developersScreenMessages as m } from '@copydesk/shared';
import { registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';

/**
 * Settings → Developers: an agency creates an API key on the screen and the test calls the API with
 * it, revokes it on the screen and sees it refused; then adds a webhook pointing at a receiver this
 * test runs on loopback (the harness's server allows http and private addresses), sends a test
 * event, checks its signature with standardwebhooks and finds it in the delivery log.
 */

type Received = { body: string; headers: IncomingHttpHeaders };

/** An HTTP receiver on 127.0.0.1 that answers 204 and keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/copydesk-hook`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('an agency creates an API key, uses it, revokes it, and adds a webhook that receives a signed test event', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const agency = await registerVerifiedAgency(request, 'developer');
  await signInAs(page, request, agency.email, agency.password);
  const receiver = await startReceiver();
  try {
    await page.goto('/settings/developers');
    await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
    const keys = page.getByRole('region', { name: m.keysTitle });
    await expect(keys.getByText(m.keysNone)).toBeVisible();

    // Create a key: shown once, in the dialog.
    await keys.getByRole('button', { name: m.createKey }).click();
    let dialog = page.getByRole('dialog', { name: m.createKey });
    await dialog.getByRole('textbox', { name: m.keyName }).fill('E2E pipeline');
    await dialog.getByRole('button', { name: m.createKey }).click();
    dialog = page.getByRole('dialog', { name: m.keyCreatedTitle });
    const key = await dialog.getByRole('textbox', { name: m.keyLabel }).inputValue();
    expect(key).toMatch(/^cd_[0-9A-Za-z]{40}$/);
    await expect(dialog.getByText(m.keyShownOnce)).toBeVisible();
    await expectAccessible(page, 'the new API key', { screenshot: testInfo.outputPath('developers-key') });
    await dialog.getByRole('button', { name: m.done }).click();
    const row = keys.getByRole('row', { name: 'API key E2E pipeline' });
    await expect(row).toContainText(key.slice(0, 8));

    // The key acts as the agency.
    const withKey = () => fetch(`${baseURL}/api/order`, { headers: { Authorization: `Bearer ${key}` } });
    const allowed = await withKey();
    expect(allowed.status, await allowed.text()).toBe(200);

    // Add a webhook for every event; its secret is shown once.
    const hooks = page.getByRole('region', { name: m.webhooksTitle });
    await hooks.getByRole('button', { name: m.addWebhook }).click();
    dialog = page.getByRole('dialog', { name: m.addWebhook });
    await dialog.getByRole('textbox', { name: m.webhookUrl }).fill(receiver.url);
    await dialog.getByRole('checkbox', { name: m.allEvents }).check();
    await dialog.getByRole('button', { name: m.addWebhook }).click();
    dialog = page.getByRole('dialog', { name: m.webhookAddedTitle });
    const secret = await dialog.getByRole('textbox', { name: m.secretLabel }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: m.done }).click();
    const hook = hooks.getByRole('row', { name: `Webhook ${receiver.url}` });
    await expect(hook).toContainText(m.allEvents);

    // A test event arrives signed with that secret.
    await hook.getByRole('button', { name: `${m.sendTest} to ${receiver.url}` }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.received;
    const event = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as { type: string };
    expect(event.type).toBe('webhook.test');

    // The delivery log shows it succeeded (Refresh until the worker has recorded the answer).
    await hook.getByRole('button', { name: `${m.deliveryLog} of ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: m.deliveriesTitle(receiver.url) });
    await expect(async () => {
      await log.getByRole('button', { name: m.refresh }).click();
      await expect(log.getByRole('row', { name: /^Delivery / }).first()).toContainText('Succeeded', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(log.getByRole('row', { name: /^Delivery / }).first()).toContainText('webhook.test');
    // The screen behind the dialog, with the key and the webhook listed, is checked with it.
    await expectAccessible(page, 'the developers screen and a webhook’s delivery log', { screenshot: testInfo.outputPath('developers-log') });
    await log.getByRole('button', { name: 'Close' }).click();

    // Revoke the key on the screen, after the confirmation: the API refuses it from then on.
    await row.getByRole('button', { name: `${m.revoke} E2E pipeline` }).click();
    await page
      .getByRole('dialog', { name: m.revokeKeyTitle('E2E pipeline') })
      .getByRole('button', { name: m.revoke })
      .click();
    await expect(keys.getByText(m.keysNone)).toBeVisible();
    const refused = await withKey();
    expect(refused.status).toBe(401);
  } finally {
    await receiver.close();
  }
});
