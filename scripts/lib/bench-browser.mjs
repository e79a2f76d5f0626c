// What `npm run bench` measures in the browser: bytes on the wire as Chromium counted them, and
// Lighthouse's performance and accessibility scores.
import { createRequire } from 'node:module';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium through Playwright (the e2e workspace's dependency). */
export async function launchChromium(repoRoot) {
  const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
  const { chromium } = requireFromE2e('@playwright/test');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/** Signs in through the API; answers what the web app keeps in localStorage. */
export async function signIn(baseURL, email, password) {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`${email} could not sign in: ${res.status} ${await res.text()}`);
  return res.json();
}

const storeSession = (session) => {
  localStorage.setItem('token', session.token);
  localStorage.setItem('userId', JSON.stringify(session));
};

/** Takes the session out of storage as the app left it (the user as GET /getInfo last gave it). */
const takeSession = () => {
  const kept = { token: localStorage.getItem('token'), userId: localStorage.getItem('userId') };
  localStorage.removeItem('token');
  localStorage.removeItem('userId');
  return kept;
};

const putSession = (kept) => {
  localStorage.setItem('token', kept.token);
  localStorage.setItem('userId', kept.userId);
};

/**
 * Loads `url` in a fresh context (empty cache) and sums what Chromium's network layer received per
 * resource type: `encodedDataLength`, the bytes on the wire (headers and compressed body), the figure
 * DevTools shows as "transferred". With `session`, the app's stored sign-in is set first.
 */
export async function transferredBytes(browser, baseURL, url, session = null) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (session) {
      // Stored from a page that is not the app: from /login, the sign-in screen saw the session and
      // went on to the signed-in screens itself while the measured load began, so some of that
      // screen's files were counted twice and others not at all (dashboard: 248.6 KB in 50 files,
      // measured between 248.6 KB / 50 and 325 KB / 78).
      await page.goto(`${baseURL}/favicon.svg`);
      await page.evaluate(storeSession, session);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    const bytes = { Script: 0, Stylesheet: 0, Document: 0, Image: 0, Fetch: 0, other: 0 };
    const counts = { Script: 0, Stylesheet: 0 };
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId) ?? 'other';
      const key = type in bytes ? type : type === 'XHR' ? 'Fetch' : 'other';
      bytes[key] += event.encodedDataLength;
      if (type in counts) counts[type] += 1;
    });
    await page.goto(`${baseURL}${url}`, { waitUntil: 'networkidle' });
    return { bytes, counts };
  } finally {
    await context.close();
  }
}

/**
 * Lighthouse (the version package.json pins) on each URL, in Chromium started by chrome-launcher: the
 * default mobile profile with simulated throttling. Signed-in pages are loaded in the state a real
 * browser is in when it loads one: someone signed in there before, and sign-in lands on a signed-in
 * screen, which the app drew (the offer banner remembered its answer then). So, through puppeteer in
 * the same profile: the session stored and the dashboard drawn; then the HTTP cache emptied and
 * /login loaded without the session, so that /login's files (the entry and what it shares) are
 * cached and none of the signed-in screens' own; then the session put back as the app left it, and
 * Lighthouse told not to clear storage. Each signed-in screen is measured alike; before, each page kept what the
 * pages measured before it had cached, the first signed-in page measured downloaded everything,
 * and the banner came in after the first paint, as in no browser that had ever drawn it.
 * Answers null when Lighthouse is not installed.
 */
export async function lighthouseScores(repoRoot, baseURL, pages) {
  const requireHere = createRequire(path.join(repoRoot, 'package.json'));
  let lighthouse;
  let chromeLauncher;
  let puppeteer;
  try {
    lighthouse = (await import(requireHere.resolve('lighthouse'))).default;
    const requireFromLighthouse = createRequire(requireHere.resolve('lighthouse'));
    chromeLauncher = await import(requireFromLighthouse.resolve('chrome-launcher'));
    puppeteer = (await import(requireFromLighthouse.resolve('puppeteer-core'))).default;
  } catch {
    return null;
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const scores = [];
    for (const { url, session } of pages) {
      if (session) {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        const cdp = await page.createCDPSession();
        await page.goto(`${baseURL}/favicon.svg`);
        await page.evaluate(storeSession, session);
        await page.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle0' });
        await cdp.send('Network.clearBrowserCache');
        const kept = await page.evaluate(takeSession);
        await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle0' });
        await page.evaluate(putSession, kept);
        await page.close();
        await browser.disconnect();
      }
      const result = await lighthouse(`${baseURL}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(session),
      });
      const { categories, audits, runtimeError } = result.lhr;
      // A score Lighthouse could not compute is null (not 0), with the reason in runtimeError or the audit.
      const percent = (score) => (score === null || score === undefined ? null : Math.round(score * 100));
      const lcp = audits['largest-contentful-paint'];
      scores.push({
        url,
        performance: percent(categories.performance.score),
        accessibility: percent(categories.accessibility.score),
        lcpMs: lcp?.numericValue ?? null,
        // What the performance score is made of (Lighthouse 12's weights: TBT 30 %, LCP 25 %, CLS 25 %,
        // FCP 10 %, Speed Index 10 %), to say which one a low score comes from.
        fcpMs: audits['first-contentful-paint']?.numericValue ?? null,
        tbtMs: audits['total-blocking-time']?.numericValue ?? null,
        cls: audits['cumulative-layout-shift']?.numericValue ?? null,
        speedIndexMs: audits['speed-index']?.numericValue ?? null,
        problem: runtimeError?.message ?? lcp?.errorMessage ?? null,
        failedAccessibility: categories.accessibility.auditRefs.filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0).map((ref) => ref.id),
      });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}
