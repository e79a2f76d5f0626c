import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { loadFloatingParts } from '@/components/ui/floating';
import { nextTask } from '@/lib/next-task';

// Screens are lazy routes: the first render of a file imports its chunk, which takes a while on a
// busy two-core CI machine. findBy*/waitFor wait up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads media queries and observes element sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom lacks scrollIntoView (Mantine's Combobox calls it).
Element.prototype.scrollIntoView = vi.fn();

// In a browser, selects, menus and tooltips are stand-ins until a gesture loads the floating layer
// (components/ui/floating.ts). Loaded here, every test draws them whole from the start;
// components/ui/floating.test.tsx tests the stand-ins and their hand-over.
await loadFloatingParts();

afterEach(async () => {
  cleanup();
  // A request starts in a task after the one that asked for it (lib/api-client.ts). One asked for
  // just before the screen went is sent now, to this test's mocked fetch, not to the next test's.
  await nextTask();
  // The notifications store is a module singleton: a toast from one test must not leak into the next.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  sessionStorage.clear();
  // A session that is not remembered keeps its token in this cookie (lib/auth.tsx).
  document.cookie = 'copydesk_session=; Path=/; Max-Age=0';
  vi.restoreAllMocks();
});
