import { expect, type APIRequestContext } from '@playwright/test';

/** One message of the development outbox (`GET /api/dev/outbox`, newest first). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Waits for the newest email to `to` whose subject matches, since sending may trail the request. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        if (!res.ok()) return `outbox answered ${res.status()}`;
        const { data } = (await res.json()) as { data: OutboxMail[] };
        found = data.find((mail) => JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()) && subject.test(mail.subject));
        return found ? 'found' : `no mail to ${to} matching ${subject} among ${data.length}`;
      },
      { message: `email to ${to}`, timeout: 10_000 },
    )
    .toBe('found');
  return found!;
}

/** The first absolute link in the email whose path matches, from the text part or else the HTML. */
export function linkIn(mail: OutboxMail, path: RegExp): string {
  const urls = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = urls.map((url) => url.replace(/&amp;/g, '&')).find((url) => path.test(new URL(url).pathname));
  if (!link) throw new Error(`No link matching ${path} in "${mail.subject}":\n${mail.text}`);
  return link;
}

export async function verificationLink(request: APIRequestContext, to: string): Promise<string> {
  return linkIn(await latestMail(request, to, /verif/i), /^\/api\/email\/verify\//);
}

export async function resetLink(request: APIRequestContext, to: string): Promise<string> {
  return linkIn(await latestMail(request, to, /reset|password/i), /^\/password\/reset\//);
}
