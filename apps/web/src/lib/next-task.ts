/**
 * Resolves in a task of its own: a message posted to itself, which fake timers leave alone. The
 * API client starts each request so (docs/decisions/0048-short-tasks-after-first-paint.md), and the
 * test setup waits one such task so that a request asked for just before a test ended is sent then.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
