import { z } from 'zod';
import { optionalQueryInt } from './common.js';

/** The offer banner (docs/decisions/0008-offer-credit.md) and the associate's request for more balance. */

/** GET /getOfferStatus. `remaining_amount` in dollars; `show` false once the credit was received. */
export const offerStatusResponseSchema = z.object({ message: z.string(), remaining_amount: z.number(), show: z.boolean() });
export type OfferStatus = z.infer<typeof offerStatusResponseSchema>;

/** GET /notifyAgency: optionally names the order the associate cannot pay, so the email can say how much is missing. */
export const notifyAgencyQuerySchema = z.object({ order_id: optionalQueryInt });
