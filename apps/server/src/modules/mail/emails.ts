import type { OutgoingMail } from '../../lib/mailer.js';

/** Renders the transactional emails. Text and HTML carry the same link. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `body`: one paragraph, or several. */
function layout(to: string, subject: string, greeting: string, body: string | string[], action: { label: string; url: string }, footer: string): OutgoingMail {
  const paragraphs = typeof body === 'string' ? [body] : body;
  const text = `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n\n${footer}\n\nCopydesk`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">
<h2 style="margin:0 0 16px">Copydesk</h2>
<p>${escape(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#1864ab;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escape(action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escape(action.url)}">${escape(action.url)}</a></p>
<p style="font-size:13px;color:#555">${escape(footer)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export const emails = {
  /** A webhook endpoint was disabled after days of failed deliveries (docs/decisions/0044-webhooks.md). */
  webhookDisabled(to: string, name: string, message: { subject: string; body: string; action: string; footer: string }, settingsUrl: string) {
    return layout(to, message.subject, `Hello ${name},`, message.body, { label: message.action, url: settingsUrl }, message.footer);
  },
  verifyEmail(to: string, name: string, url: string) {
    return layout(
      to,
      'Verify your email address',
      `Hello ${name},`,
      'Thanks for signing up for Copydesk. Please confirm your email address to activate your account.',
      { label: 'Verify Email Address', url },
      'This link is valid for 24 hours. If you did not create an account, no further action is required.',
    );
  },
  resetPassword(to: string, name: string, url: string) {
    return layout(
      to,
      'Reset your password',
      `Hello ${name},`,
      'You are receiving this email because we received a password reset request for your account.',
      { label: 'Reset Password', url },
      'This password reset link will expire in 60 minutes. If you did not request a password reset, no further action is required.',
    );
  },
  setPassword(to: string, name: string, invitedBy: string, url: string) {
    return layout(
      to,
      'Set your Copydesk password',
      `Hello ${name},`,
      `${invitedBy} added you to Copydesk. Choose a password to sign in.`,
      { label: 'Set Password', url },
      'This link is valid for 7 days.',
    );
  },
  /**
   * Someone signed up with an address that already has an account (to its owner). The sign-up form
   * answered as for a new account, so this email is how the owner, if it was them, learns what to do.
   */
  signUpAttempt(to: string, name: string, links: { loginUrl: string }) {
    return layout(
      to,
      'Someone tried to sign up with your email address',
      `Hello ${name},`,
      'Someone just tried to create a Copydesk account with this email address, which already has an account. If it was you, sign in instead; if you have forgotten your password, choose "Forgot password?" on the sign-in page to set a new one.',
      { label: 'Sign in', url: links.loginUrl },
      'If it was not you, no action is needed: no account was created and yours has not changed.',
    );
  },
  /** A new version of an item is ready for review (to the orderer, and the agency of an associate). */
  contentDelivered(to: string, name: string, item: { id: number; title: string | null; version: number }, url: string, autoApproveDays: number) {
    const what = item.title ? `"${oneLine(item.title)}" (item #${item.id})` : `item #${item.id}`;
    return layout(
      to,
      `Ready for review: ${item.title ? oneLine(item.title) : `item #${item.id}`}`,
      `Hello ${name},`,
      `Version ${item.version} of ${what} has been delivered. Read it, then approve it or ask for a revision.`,
      { label: 'Review the content', url },
      `Content that is not reviewed within ${autoApproveDays} days is approved automatically.`,
    );
  },
  /** A customer asked for a revision (to the admin working on the item). */
  revisionRequested(to: string, name: string, item: { id: number; title: string | null }, reason: string, detail: string, url: string) {
    const what = item.title ? `"${oneLine(item.title)}" (item #${item.id})` : `item #${item.id}`;
    return layout(
      to,
      `Revision requested: item #${item.id}`,
      `Hello ${name},`,
      `The customer asked for a revision of ${what}. Reason: ${reason}. ${oneLine(detail)}`,
      { label: 'Open the item', url },
      'Deliver the revised file on the item once it is ready.',
    );
  },
  /** The day before an item under review is approved automatically (to the orderer). */
  autoApproveSoon(to: string, name: string, item: { id: number; title: string | null }, approvesAt: Date, url: string) {
    const what = item.title ? `"${oneLine(item.title)}" (item #${item.id})` : `item #${item.id}`;
    return layout(
      to,
      `Approved automatically tomorrow: item #${item.id}`,
      `Hello ${name},`,
      `${what} is waiting for your review. Unless you approve it or ask for a revision, it will be approved automatically on ${approvesAt.toUTCString()}.`,
      { label: 'Review the content', url },
      'You can still ask for a revision until then.',
    );
  },
  /**
   * An associate saved an order the agency has to pay (to the agency). The button is a one-time
   * sign-in link that opens the order's payment page.
   */
  orderAwaitingPayment(
    to: string,
    name: string,
    order: { id: number; total: string; items: number; orderedBy: string; balance: string; shortfall: string | null },
    payUrl: string,
  ) {
    const items = order.items === 1 ? '1 item' : `${order.items} items`;
    const funds = order.shortfall
      ? `Your available balance is ${order.balance}, ${order.shortfall} short of this order.`
      : `Your available balance of ${order.balance} covers it.`;
    return layout(
      to,
      `Order #${order.id} is waiting for payment`,
      `Hello ${name},`,
      `${oneLine(order.orderedBy)} placed order #${order.id} (${items}, ${order.total} in total). It is waiting for your payment. ${funds}`,
      { label: `Pay order #${order.id}`, url: payUrl },
      'The button signs you in once and is valid for 7 days. After that, sign in as usual and open the order from your order list.',
    );
  },
  /**
   * An associate short of balance asks its agency to top up (to the agency; GET /notifyAgency).
   * Naming an order, it says the order's total and what the wallet lacks, and its button is a
   * one-time sign-in link that opens that order's payment page and nothing else (LINK_SESSION_CALLS
   * in lib/access.ts); without one, the button opens the Add Balance dialog of the billing page.
   */
  notifyAgency(
    to: string,
    name: string,
    from: { name: string; email: string },
    balance: string,
    order: { id: number; total: string; shortfall: string | null; payUrl: string } | null,
    billingUrl: string,
  ) {
    const who = `${oneLine(from.name)} (${from.email})`;
    if (!order) {
      return layout(
        to,
        `${oneLine(from.name)} needs more balance to pay an order`,
        `Hello ${name},`,
        [`${who} needs more balance to pay an order.`, `Your available balance is ${balance}.`],
        { label: 'Add Balance', url: billingUrl },
        'Sign in to add balance to your wallet.',
      );
    }
    return layout(
      to,
      `${oneLine(from.name)} needs more balance to pay order #${order.id}`,
      `Hello ${name},`,
      [
        `${who} needs more balance to pay order #${order.id} of ${order.total}.`,
        order.shortfall
          ? `Your available balance is ${balance}, ${order.shortfall} short of this order.`
          : `Your available balance of ${balance} covers it now.`,
      ],
      { label: `Pay order #${order.id}`, url: order.payUrl },
      'The button signs you in once, to pay this order from your wallet or by card, and is valid for 7 days. To add balance, sign in with your email and password.',
    );
  },
  /** A new message in a support-inbox thread (to the other side: the admins, or the customer). */
  inboxMessage(to: string, name: string, thread: { id: number; subject: string }, from: string, message: string, url: string) {
    const excerpt = message.length > 1000 ? `${message.slice(0, 1000)}…` : message;
    return layout(
      to,
      `New message: ${oneLine(thread.subject)}`,
      `Hello ${name},`,
      `${oneLine(from)} wrote in "${oneLine(thread.subject)}": ${excerpt}`,
      { label: 'Open the conversation', url },
      'Reply from the Messages page of Copydesk.',
    );
  },
  /**
   * The messages of one thread gathered over a few minutes, for one recipient
   * (docs/decisions/0029-imports-in-chunks-and-message-digests.md): the newest `shown` in full
   * length order, oldest first, and how many more there were.
   */
  inboxDigest(to: string, name: string, thread: { id: number; subject: string }, messages: { from: string; body: string }[], more: number, url: string) {
    const total = messages.length + more;
    const excerpt = (body: string) => (body.length > 500 ? `${body.slice(0, 500)}…` : body);
    return layout(
      to,
      `${total} new ${total === 1 ? 'message' : 'messages'}: ${oneLine(thread.subject)}`,
      `Hello ${name},`,
      [
        `${total} new ${total === 1 ? 'message' : 'messages'} in "${oneLine(thread.subject)}"${more ? ` (the latest ${messages.length} below)` : ''}:`,
        ...messages.map((m) => `${oneLine(m.from)}: ${excerpt(m.body)}`),
      ],
      { label: 'Open the conversation', url },
      'Reply from the Messages page of Copydesk. Further messages in this conversation are gathered into one email every 10 minutes.',
    );
  },
};

/** Titles go into subjects and sentences: no line breaks. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
