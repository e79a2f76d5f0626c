import type { Role } from './roles.js';

/**
 * The one permission table (docs/decisions/0011-tenancy-and-roles.md): what each role may do, named
 * after the action. The server authorises with it (`can`/`assertCan` in
 * apps/server/src/lib/access.ts, `requireAuth(capability)`) and the web app draws its menu, route
 * guards and buttons from it, so the two never disagree.
 *
 * A capability says whether a role may do something at all. Which records it may do it to is the
 * tenant check beside it: an agency and its associates are one tenant (`agencyIdOf`), and only
 * `tenants.all` reaches across tenants. Inside a tenant, `orders.readTeam` decides whether a
 * customer sees its agency's orders or only those it placed (with their payments, refunds and
 * invoices either way).
 */
export const PERMISSIONS = {
  /** Reads and acts on every agency's records (orders, items, payments, users, threads). */
  'tenants.all': ['admin'],
  /** Sees every order of its agency and their payments, refunds and invoices; without it, only its own. */
  'orders.readTeam': ['admin', 'agency'],
  /** Filters the orders list by who placed the order. */
  'orders.filterByUser': ['admin', 'agency'],
  /** Opens orders and items before verifying its email address. */
  'orders.readUnverified': ['admin'],
  /** Places orders (form or spreadsheet), edits its unpaid ones, reuses past projects. */
  'orders.create': ['agency', 'associate'],
  /** Pays an order (from the wallet at least). */
  'orders.pay': ['agency', 'associate'],
  /** Pays an order by new or saved card; without it, from the wallet only. */
  'orders.pay.card': ['agency'],
  /** Deletes orders and items and edits items (refunding what was paid). */
  'orders.manage': ['admin'],
  /**
   * Deletes the unpaid orders and items it reaches (an agency its team's, an associate its own;
   * docs/decisions/0034-customers-delete-unpaid-orders.md). Paid ones stay `orders.manage`'s.
   */
  'orders.deleteUnpaid': ['agency', 'associate'],
  /** Approves delivered items or asks for a revision. */
  'content.review': ['agency', 'associate'],
  /** Works the fulfilment queue: takes items and delivers files. */
  'fulfilment.work': ['admin'],
  /** Has a wallet of its own (its agency's) whose balance and spending are shown. */
  'wallet.view': ['agency', 'associate'],
  /** Tops up its wallet by card. */
  'wallet.topup': ['agency'],
  /** Credits any agency's wallet, with a description. */
  'wallet.credit': ['admin'],
  /** Sees wallet top-ups in the billing history (besides order payments and refunds). */
  'billing.topups': ['admin', 'agency'],
  /** Lists saved cards. */
  'cards.view': ['admin', 'agency'],
  /** Saves a card with the gateway (setup intent). */
  'cards.save': ['agency'],
  /** Creates, edits, deletes coupons and reads their use. */
  'coupons.admin': ['admin'],
  /** Applies a coupon at payment. */
  'coupons.apply': ['agency', 'associate'],
  /** User Management: lists, reads, switches on and off the users in its scope. */
  'users.manage': ['admin', 'agency'],
  /** Adds agencies. */
  'users.addAgency': ['admin'],
  /** Adds associates to its agency. */
  'users.addAssociate': ['agency'],
  /** Lists every user of one role (the agency pickers). */
  'users.listByRole': ['admin'],
  /** Has the Contact Information tab of My Account. */
  'account.contactInfo': ['admin', 'agency'],
  /** Asks its agency to top up the wallet (Notify Agency). */
  'agency.notify': ['associate'],
  /** Answers the support inbox and opens threads about any order. */
  'messages.support': ['admin'],
  /** Reads the operator figures of the dashboard. */
  'dashboard.adminStats': ['admin'],
  /** Reads the development mailbox from anywhere (others only from loopback). */
  'devMailbox.read': ['admin'],
  /**
   * Manages the account's developer access: API keys and webhooks (Settings → Developers). An API
   * key itself may never use it (`Endpoint.apiKey`, packages/shared/src/endpoints/define.ts).
   */
  'developers.manage': ['admin', 'agency'],
  /** Is offered the "Need Help? Get In Touch" booking link. */
  'help.bookCall': ['agency', 'associate'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof PERMISSIONS;

export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

export const isCapability = (value: string): value is Capability => Object.hasOwn(PERMISSIONS, value);

/** Whether a role may do something; no role (signed out, unknown) may do nothing. */
export function roleCan(role: Role | null | undefined, capability: Capability): boolean {
  return !!role && (PERMISSIONS[capability] as readonly Role[]).includes(role);
}
