import type { OutgoingMail } from '../../lib/mailer.js';

/** The email an associate sends its agency when the wallet cannot pay an order. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface NotifyAgencyEmail {
  to: string;
  agencyName: string;
  associateName: string;
  associateEmail: string;
  /** Formatted, e.g. "$12.00". */
  balance: string;
  order: { id: number; total: string; missing: string | null } | null;
  billingUrl: string;
  /** With an order: a one-time sign-in link that opens its payment page, and only that (lib/access.ts). */
  payUrl: string | null;
}

export function notifyAgencyEmail(e: NotifyAgencyEmail): OutgoingMail {
  const subject = `${e.associateName.replace(/[\r\n]+/g, ' ')} needs more balance to pay an order`;
  const need = e.order
    ? `${e.associateName} (${e.associateEmail}) needs more balance to pay order #${e.order.id} of ${e.order.total}.`
    : `${e.associateName} (${e.associateEmail}) needs more balance to pay an order.`;
  const balance = `Your available balance is ${e.balance}${e.order?.missing ? `, ${e.order.missing} short of this order` : ''}.`;
  const action = e.order && e.payUrl ? `Pay order #${e.order.id}` : 'Add Balance';
  const url = e.order && e.payUrl ? e.payUrl : e.billingUrl;
  const footer = e.payUrl
    ? 'The button signs you in once, to pay this order from your wallet or by card, and is valid for 7 days. To add balance, sign in with your email and password.'
    : 'Sign in to add balance to your wallet.';
  const text = `Hello ${e.agencyName},\n\n${need}\n${balance}\n\n${action}: ${url}\n\n${footer}\n\nCopydesk`;
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">
<h2 style="margin:0 0 16px">Copydesk</h2>
<p>Hello ${escape(e.agencyName)},</p>
<p>${escape(need)}</p>
<p>${escape(balance)}</p>
<p style="margin:24px 0"><a href="${escape(url)}" style="background:#1864ab;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escape(action)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br><a href="${escape(url)}">${escape(url)}</a></p>
<p style="font-size:13px;color:#555">${escape(footer)}</p>
</body></html>`;
  return { to: e.to, subject, text, html };
}
