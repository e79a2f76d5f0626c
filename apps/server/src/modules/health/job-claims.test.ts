import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRepository } from '../mail/outbox.repository.js';
import { deliverDueEmails } from '../mail/outbox.worker.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Shutting down hands the outbox claims back: the emails of a claimed batch that were not sent yet
 * are due again for the other instances at once, instead of after the 15-minute lease.
 */
describe('outbox claims on shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the email under way and releases the rest of the batch', async () => {
    for (const n of [1, 2, 3]) await outboxRepository.enqueue(t.db, { to: `claim-${n}@example.com`, subject: `Claim ${n}`, text: 'x', html: '<p>x</p>' });
    const sent: string[] = [];
    let stopping = false;
    const mailer = {
      async send(mail: { to: string }) {
        sent.push(mail.to);
        // The shutdown starts while the first email is being sent.
        stopping = true;
      },
      close() {},
    };
    expect(await deliverDueEmails(t.ctx, { mailer, stopping: () => stopping })).toBe(1);
    expect(sent).toEqual(['claim-1@example.com']);
    // Another instance claims the two others now: their lease was ended, not left to run out.
    const again = await outboxRepository.claimDue(t.db, { limit: 10, leaseSeconds: 60 });
    expect(again.map((mail) => mail.to).sort()).toEqual(['claim-2@example.com', 'claim-3@example.com']);
  });
});
