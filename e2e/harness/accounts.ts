import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verificationLink } from './mailbox';

export const DEMO_PASSWORD = 'demopass123';

/** Seeded when the database is empty and NODE_ENV is not production (README.md, "Demo accounts"). */
export const demo = {
  admin: { email: 'admin@example.com', password: DEMO_PASSWORD },
  agency: { email: 'agency@example.com', password: DEMO_PASSWORD },
  associate: { email: 'associate@example.com', password: DEMO_PASSWORD },
} as const;

export interface NewAgency {
  name: string;
  company: string;
  role: string;
  /** E.164, as the server stores it. */
  phone: string;
  email: string;
  password: string;
}

let counter = 0;

/** A sign-up nobody has used yet in this run (tests run in parallel against one database). */
export function newAgency(label: string): NewAgency {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    name: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    role: 'Head of Content',
    phone: '+12015550123',
    email: `${label}-${unique}@example.com`,
    password: `Correct-horse-${unique}`,
  };
}

/** Sign-ups so far in this worker: each comes from an address of its own (see registerVerifiedAgency). */
let signUps = 0;

/** Signs up through the API and follows the emailed link, for tests about something else. */
export async function registerVerifiedAgency(request: APIRequestContext, label: string): Promise<NewAgency> {
  const agency = newAgency(label);
  signUps += 1;
  // Real agencies sign up, and open their verification link, from addresses of their own: the run's
  // many sign-ups would otherwise all count against one address's limits (20 sign-ups an hour, 30
  // verifications in 15 minutes). The test server trusts X-Forwarded-For (harness/server.ts). The
  // addresses are made up; the worker's process id keeps the two workers' addresses apart.
  const from = { 'X-Forwarded-For': `198.51.${process.pid % 250}.${(signUps % 250) + 1}` };
  const res = await request.post('/api/register', {
    headers: from,
    data: {
      sign: {
        name: agency.name,
        email: agency.email,
        company_name: agency.company,
        role_designation: agency.role,
        contact_number: agency.phone,
        password: agency.password,
        confirmPassword: agency.password,
        termsandcondition: true,
        countryCode: 'us',
        utms: {},
      },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const link = await verificationLink(request, agency.email);
  const verified = await request.get(link, { headers: from });
  expect(verified.url()).toContain('/login');
  return agency;
}

/** A session made through the API, as `POST /api/login` answers it. */
export type ApiSession = { token: string; user: { id: number } };

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<ApiSession> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as ApiSession;
}

/**
 * Signs the page in with a session made through the API, stored as a remembered sign-in stores it,
 * so a test opens its screen directly (the dashboard's guides and first-order redirect stay out of the way).
 */
export async function signInAs(page: Page, request: APIRequestContext, email: string, password: string): Promise<ApiSession> {
  const auth = await apiLogin(request, email, password);
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  return auth;
}

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * The bearer token a signed-in page keeps: in localStorage when "Remember me" was ticked, else in the
 * session cookie (apps/web/src/lib/auth.tsx).
 */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const cookie = document.cookie.split('; ').find((part) => part.startsWith('copydesk_session='));
    return localStorage.getItem('token') || (cookie ? decodeURIComponent(cookie.slice('copydesk_session='.length)) : null);
  });
  expect(token).toBeTruthy();
  return token!;
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
