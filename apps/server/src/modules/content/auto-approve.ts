import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/app-context.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { moveItems } from '../orders/item-lifecycle.js';
import { contentRepository } from './content.repository.js';
import { autoApprovesAt, contentUrl } from './content.service.js';
import { startIntervalJob } from '../../lib/interval-job.js';

/**
 * Automatic approval (docs/decisions/0010-due-dates-and-auto-approval.md): an item left in Pending
 * Review for AUTO_APPROVE_DAYS is approved (through moveItems, as the `auto_approval` mover), and its
 * orderer is emailed a day before. Rows are claimed with FOR UPDATE SKIP LOCKED in small batches, so
 * several instances on one PostgreSQL never approve or warn about an item twice.
 * `now` is part of the input so tests move the clock instead of sleeping.
 */

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

async function approveBatch(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.autoApproveDays * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const due = await contentRepository.claimDueReviews(tx, { cutoff, limit: BATCH });
    const description = `Approved automatically after ${ctx.config.autoApproveDays} ${ctx.config.autoApproveDays === 1 ? 'day' : 'days'} in review`;
    await moveItems(tx, { itemIds: due, to: 'Approved', by: 'auto_approval', userId: null, description, at: now });
    return due.length;
  });
}

async function warnBatch(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.autoApproveDays * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const warned = await contentRepository.markReviewsDueSoon(tx, { from: new Date(cutoff.getTime() + DAY_MS), cutoff, now, limit: BATCH });
    for (const row of warned) {
      const approvesAt = autoApprovesAt(row.reviewStartedAt, ctx.config.autoApproveDays);
      await outboxRepository.enqueue(
        tx,
        emails.autoApproveSoon(row.email, row.name, { id: row.id, title: row.title }, approvesAt, contentUrl(ctx.config, row.id)),
      );
    }
    return warned.length;
  });
}

/** One pass: approves what is due and warns about what is due within a day. */
export async function runAutoApproval(ctx: AppContext, { now = new Date() }: { now?: Date } = {}): Promise<{ approved: number; warned: number }> {
  let approved = 0;
  let warned = 0;
  for (;;) {
    const n = await approveBatch(ctx, now);
    approved += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const n = await warnBatch(ctx, now);
    warned += n;
    if (n < BATCH) break;
  }
  return { approved, warned };
}

/** Runs a pass shortly after start-up and then every few minutes while the app runs. */
export function startAutoApprovalJob(app: FastifyInstance, intervalMs = 5 * 60_000, firstRunMs = 15_000) {
  startIntervalJob(app, {
    name: 'automatic approval pass',
    firstRunMs,
    intervalMs,
    run: async () => {
      const result = await runAutoApproval(app.ctx);
      if (result.approved || result.warned) app.log.info(result, 'automatic approval pass');
    },
  });
}
