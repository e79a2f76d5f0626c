import {
  addBalanceSchema,
  balanceResponseSchema,
  billingDetailResponseSchema,
  billingListQuerySchema,
  billingListResponseSchema,
  idempotencyHeaderSchema,
  monthlySpendingResponseSchema,
  payOrderResponseSchema,
  payOrderSchema,
  paymentConfigResponseSchema,
  savedCardsResponseSchema,
  setupIntentResponseSchema,
  spendingResponseSchema,
  userIdParamSchema,
} from '../schemas/billing.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['billing'];

/** Payments, top-ups, the wallet and saved cards (docs/decisions/0005-card-payments-in-three-steps.md). */
export const billingEndpoints = {
  getPaymentConfig: defineEndpoint({
    ...routes.getPaymentConfig,
    access: 'public',
    summary: 'Which card gateway takes payments, and the Stripe publishable key the browser loads Stripe.js with',
    tags,
    response: { 200: paymentConfigResponseSchema },
  }),
  payOrder: defineEndpoint({
    ...routes.payOrder,
    access: ['orders.pay'],
    tags,
    headers: idempotencyHeaderSchema,
    body: payOrderSchema,
    response: { 200: payOrderResponseSchema },
  }),
  addBalance: defineEndpoint({
    ...routes.addBalance,
    access: ['wallet.credit', 'wallet.topup'],
    tags,
    headers: idempotencyHeaderSchema,
    body: addBalanceSchema,
    response: { 200: messageResponseSchema },
  }),
  listPayments: defineEndpoint({
    ...routes.listPayments,
    access: 'signed-in',
    tags,
    query: billingListQuerySchema,
    response: { 200: billingListResponseSchema },
  }),
  getPayment: defineEndpoint({
    ...routes.getPayment,
    access: 'signed-in',
    tags,
    params: idParamSchema,
    response: { 200: billingDetailResponseSchema },
  }),
  getAvailableBalance: defineEndpoint({
    ...routes.getAvailableBalance,
    access: 'signed-in',
    tags,
    params: userIdParamSchema,
    response: { 200: balanceResponseSchema },
  }),
  getSpending: defineEndpoint({
    ...routes.getSpending,
    access: 'signed-in',
    tags,
    params: userIdParamSchema,
    response: { 200: spendingResponseSchema },
  }),
  getMonthlySpending: defineEndpoint({
    ...routes.getMonthlySpending,
    access: 'signed-in',
    summary: "Order payments net of refunds per month, for the spending chart (the caller's billing history's scope)",
    tags,
    response: { 200: monthlySpendingResponseSchema },
  }),
  listSavedCards: defineEndpoint({
    ...routes.listSavedCards,
    access: ['cards.view'],
    tags,
    params: userIdParamSchema,
    response: { 200: savedCardsResponseSchema },
  }),
  getSetupIntent: defineEndpoint({
    ...routes.getSetupIntent,
    access: ['cards.save'],
    tags,
    response: { 200: setupIntentResponseSchema },
  }),
};
