import { messageResponseSchema } from '../schemas/common.js';
import { notifyAgencyQuerySchema, offerStatusResponseSchema } from '../schemas/offers.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['offers'];

/** The offer banner and the associate's request for more balance (docs/decisions/0008-offer-credit.md). */
export const offerEndpoints = {
  getOfferStatus: defineEndpoint({
    ...routes.getOfferStatus,
    access: 'signed-in',
    summary: "The offer banner of the caller's agency: how far from the credit, or that it was received",
    tags,
    response: { 200: offerStatusResponseSchema },
  }),
  notifyAgency: defineEndpoint({
    ...routes.notifyAgency,
    access: ['agency.notify'],
    summary: "Email the associate's agency that the wallet needs more balance (associates; a few times an hour)",
    tags,
    query: notifyAgencyQuerySchema,
    response: { 200: messageResponseSchema },
  }),
};
