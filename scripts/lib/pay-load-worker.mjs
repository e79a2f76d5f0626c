// The clients of the bench's wallet-payment figures, on a thread of their own: the server under test
// runs on the bench process's main thread, and a load generator sharing that event loop would take
// its time from the server (pgbench, the figure it is compared with, is a process of its own).
// The requests go through node:http with one keep-alive connection per client, as a load tool such as
// wrk or autocannon sends them: fetch spent about 1 ms of CPU per request here, 60 % of one of the
// machine's two cores taken from the server and the database it measures, where pgbench's own client
// takes a few percent.
// workerData: { address, clients: [{ token, orders: number[] }] }; each client pays its orders one
// after another, all clients at once. Posts back { times: number[] (ms per payment), elapsedMs }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { address, clients } = workerData;
const { hostname, port } = new URL(address);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });

function pay(orderId, token) {
  const started = performance.now();
  const body = JSON.stringify({ paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        hostname,
        port,
        path: '/api/order/pay',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`pay ${orderId} answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
          else resolve(performance.now() - started);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const times = [];
const started = performance.now();
await Promise.all(
  clients.map(async ({ token, orders }) => {
    for (const id of orders) times.push(await pay(id, token));
  }),
);
parentPort.postMessage({ times, elapsedMs: performance.now() - started });
agent.destroy();
