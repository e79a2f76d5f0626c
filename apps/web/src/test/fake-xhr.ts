import { vi } from 'vitest';

type Answer = { status: number; body: unknown };

/**
 * Stands in for the browser's XMLHttpRequest (uploads with progress): records what was sent,
 * reports 50 % progress, then answers `FakeXhr.answer`. `install()` stubs the global.
 */
export class FakeXhr {
  /** The answer to every request, or per request (by its URL) for flows that send more than one. */
  static answer: Answer | ((url: string) => Answer) = { status: 200, body: {} };
  static sent: FakeXhr[] = [];
  /** Milliseconds between send and answer (tests that look at the progress bar hold it longer). */
  static delay = 20;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  static install(answer: Answer | ((url: string) => Answer), delay = 20) {
    FakeXhr.answer = answer;
    FakeXhr.sent = [];
    FakeXhr.delay = delay;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 5);
    setTimeout(() => {
      const answer = typeof FakeXhr.answer === 'function' ? FakeXhr.answer(this.url) : FakeXhr.answer;
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, FakeXhr.delay);
  }
}

/** jsdom has no object URLs and cannot follow a download link: records the names files were saved under. */
export function captureDownloads() {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

/** A file answer of the API: bytes with a Content-Disposition name. */
export const fileResponse = (filename: string, type = 'application/octet-stream') =>
  new Response('PK\u0003\u0004', {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"` },
  });
