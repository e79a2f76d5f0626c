// The clients of the bench's wallet-payment figures, on a thread of their own: the server under test
// runs on the bench process's main thread, and a load generator sharing that event loop would take
// its time from the server (pgbench, the figure it is compared with, is a process of its own).
// workerData: { address, clients: [{ token, orders: number[] }] }; each client pays its orders one
// after another, all clients at once. Posts back { times: number[] (ms per payment), elapsedMs }.
import { parentPort, workerData } from 'node:worker_threads';

const { address, clients } = workerData;

async function pay(orderId, token) {
  const started = performance.now();
  const res = await fetch(`${address}/api/order/pay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paymentInfo: { payment_type: 'Balance', order_id: orderId } }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`pay ${orderId} answered ${res.status}: ${body.slice(0, 200)}`);
  return performance.now() - started;
}

const times = [];
const started = performance.now();
await Promise.all(
  clients.map(async ({ token, orders }) => {
    for (const id of orders) times.push(await pay(id, token));
  }),
);
parentPort.postMessage({ times, elapsedMs: performance.now() - started });
