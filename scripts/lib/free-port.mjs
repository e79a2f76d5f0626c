import { createServer } from 'node:net';

/** Asks the kernel for a loopback port nobody listens on (the bench and the crash test start servers on it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
