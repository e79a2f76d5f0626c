import { formatMoney } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { createOrderLoginLink } from '../auth/auth.service.js';
import { billingRepository } from '../billing/billing.repository.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { usersRepository } from '../users/users.repository.js';

/**
 * When an associate saves a new unpaid order, its agency is told in the same transaction: the
 * email names the order, its total and any shortfall of the wallet, and its button is a one-time
 * sign-in link to the payment page, whose session may only pay or look at this order, for an hour
 * (docs/decisions/0013-sessions-in-the-database.md). Orders an agency saves itself send nothing.
 */
export async function queueAwaitingPaymentEmail(
  tx: DbOrTx,
  options: { orderedBy: Pick<UserRow, 'id' | 'role' | 'agencyId' | 'name'>; orderId: number; totalCents: number; itemCount: number; publicUrl: string },
) {
  const { orderedBy } = options;
  if (orderedBy.role !== 'associate' || orderedBy.agencyId === null) return;
  const agency = await usersRepository.findById(tx, orderedBy.agencyId);
  if (!agency || agency.status !== 1) return;
  const balanceCents = await billingRepository.balanceOf(tx, agency.id);
  const payUrl = await createOrderLoginLink(tx, { userId: agency.id, orderId: options.orderId, publicUrl: options.publicUrl });
  await outboxRepository.enqueue(
    tx,
    emails.orderAwaitingPayment(
      agency.email,
      agency.name,
      {
        id: options.orderId,
        total: formatMoney(options.totalCents),
        items: options.itemCount,
        orderedBy: orderedBy.name,
        balance: formatMoney(balanceCents),
        shortfall: options.totalCents > balanceCents ? formatMoney(options.totalCents - balanceCents) : null,
      },
      payUrl,
    ),
  );
}
