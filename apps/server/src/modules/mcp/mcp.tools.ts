import { brotliDecompressSync } from 'node:zlib';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { apiKeyMessages, endpoints, orderItemInputSchema, REVISION_REASONS, type Endpoint } from '@copydesk/shared';
import { assertKeyMayCall, type SessionUser } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { textOfHtml } from '../../lib/document-pool/document-html.js';
import * as billing from '../billing/billing.service.js';
import * as payments from '../billing/payments.service.js';
import * as catalog from '../catalog/catalog.service.js';
import * as content from '../content/content.service.js';
import * as orders from '../orders/orders.service.js';

/**
 * The MCP tools (docs/decisions/0043-api-keys-and-mcp.md): each one is a REST call made another way.
 * It names the endpoint entry it stands for, whose guard decisions it repeats (`assertKeyMayCall`:
 * the capability of `access`), takes its input schema from that entry's params, query and body
 * schemas, validates the call with the entry's own schema, and calls the same service function as
 * the route, with the key's owner as the actor: the services apply the tenant scopes and the rules.
 * A refusal (AppError) is a tool error result carrying the API's message and code.
 */

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/** A refusal as the agent reads it: the API's message, then its code (and any field errors). */
function refusal(message: string, code: string, errors?: Record<string, string[]>): CallToolResult {
  const fields = errors ? Object.entries(errors).map(([path, list]) => `\n${path}: ${list.join(' ')}`) : [];
  return { isError: true, content: [{ type: 'text', text: `${message} (${code})${fields.join('')}` }], _meta: { code, ...(errors ? { errors } : {}) } };
}

/** A contract's parse, refused as the REST call refuses it (422 `validation.failed`, field errors by payload path). */
function parseAs<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  throw new AppError('validation.failed', undefined, errors);
}

type Log = AppContext['log'];

/** Runs one tool as its entry's call: the guard's decisions first, then the service; refusals become error results. */
async function asCall(log: Log, entry: Pick<Endpoint, 'access' | 'apiKey'>, actor: SessionUser, run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    assertKeyMayCall(entry, actor);
    return json(await run());
  } catch (err) {
    if (err instanceof AppError) return refusal(err.message, err.code, err.errors);
    log?.error({ err }, 'MCP tool failed');
    return refusal(apiKeyMessages.mcpServerError, 'server.error');
  }
}

/** The preview of an item's latest version as plain text; null while nothing is delivered. */
async function previewText(ctx: AppContext, actor: SessionUser, id: number): Promise<string | null> {
  try {
    const preview = await content.preview(ctx, actor, { id });
    const html = 'html' in preview ? preview.html : (JSON.parse(brotliDecompressSync(preview.brotli).toString('utf8')) as { html: string }).html;
    return textOfHtml(html)
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  } catch (err) {
    if (err instanceof AppError && err.code === 'content.no_document') return null;
    throw err;
  }
}

const orderList = endpoints.listOrders.query;
const payInfo = endpoints.payOrder.body.shape.paymentInfo;
const revision = endpoints.requestRevision.body;

/** The tools of one request, acting as the key's owner. */
export function mcpServerFor(ctx: AppContext, actor: SessionUser): McpServer {
  const server = new McpServer({ name: 'copydesk', version: '1.0.0' });
  const log = ctx.log;

  server.registerTool('list_products', { description: 'The order types (products) that can be ordered, with their starting prices in dollars.' }, () =>
    asCall(log, endpoints.listProducts, actor, () => catalog.listProducts(ctx, actor)),
  );

  server.registerTool(
    'list_orders',
    {
      description: 'Your orders, newest first, 30 a page: optionally one status filter, a keyword (title, brief) and a page number.',
      inputSchema: { status: orderList.shape.status, keyword: orderList.shape.keyword, page: orderList.shape.page },
    },
    (args) => asCall(log, endpoints.listOrders, actor, () => orders.listOrders(ctx, actor, parseAs(orderList, args))),
  );

  server.registerTool('get_order', { description: 'One order with its items, totals and status.', inputSchema: endpoints.getOrder.params.shape }, ({ id }) =>
    asCall(log, endpoints.getOrder, actor, () => orders.getOrder(ctx, actor, id)),
  );

  server.registerTool(
    'place_order',
    {
      description:
        'Place an unpaid order of one order type (see list_products) with one or more items; each item is the brief the order form takes (wordCount, title, keywords…). Pay it with pay_order.',
      inputSchema: {
        order_type: orderItemInputSchema.shape.orderType,
        items: z.array(orderItemInputSchema.omit({ orderType: true, contentId: true })).min(1),
      },
    },
    ({ order_type, items }) =>
      asCall(log, endpoints.createOrder, actor, () =>
        orders.createOrder(ctx, actor, parseAs(endpoints.createOrder.body, { articlesData: items.map((item) => ({ ...item, orderType: order_type })) })),
      ),
  );

  server.registerTool(
    'pay_order',
    {
      description:
        "Pay an unpaid order from the account's wallet balance (cards are never used here), optionally with a coupon code. Paying accepts the terms of service on the account's behalf, as the payment screen's checkbox does.",
      inputSchema: { id: endpoints.getOrder.params.shape.id, coupon: payInfo.shape.coupon_code },
    },
    ({ id, coupon }) =>
      asCall(log, endpoints.payOrder, actor, () => {
        const body = parseAs(endpoints.payOrder.body, { paymentInfo: { payment_type: 'Balance', order_id: id, coupon_code: coupon, termsAccepted: true } });
        // A tool call has no Idempotency-Key to store an answer under: it books as one statement (payments.service.ts).
        return payments.payOrder(ctx, actor, { info: body.paymentInfo, idempotencyKey: crypto.randomUUID() });
      }),
  );

  server.registerTool(
    'get_content',
    {
      description: "One ordered item (content): its status, the latest delivered version's text as plain text (null before a delivery) and the revisions left.",
      inputSchema: endpoints.getContent.params.shape,
    },
    ({ id }) =>
      asCall(log, endpoints.getContent, actor, async () => {
        const { data } = await content.getDetail(ctx, actor, id);
        return {
          id,
          status: data.status,
          revisions_left: data.revisions_left,
          order_id: data.order_id,
          article_title: data.article_title,
          auto_approve_at: data.auto_approve_at,
          preview: await previewText(ctx, actor, id),
        };
      }),
  );

  server.registerTool(
    'approve_content',
    { description: 'Approve a delivered item waiting for your review.', inputSchema: endpoints.approveContent.params.shape },
    ({ id }) => asCall(log, endpoints.approveContent, actor, () => content.approve(ctx, actor, id)),
  );

  server.registerTool(
    'request_revision',
    {
      description: `Ask for a revision of a delivered item waiting for your review: the reason (one of ${REVISION_REASONS.join(', ')}) and a comment for the writer.`,
      inputSchema: { id: endpoints.requestRevision.params.shape.id, reasons: revision.shape.reason, comment: revision.shape.detailedReason },
    },
    ({ id, reasons, comment }) =>
      asCall(log, endpoints.requestRevision, actor, () =>
        content.requestRevision(ctx, actor, { id, revision: parseAs(revision, { reason: reasons, detailedReason: comment }) }),
      ),
  );

  server.registerTool('get_balance', { description: "The account's available wallet balance, in dollars." }, () =>
    asCall(log, endpoints.getAvailableBalance, actor, () => billing.availableBalance(ctx, actor, actor.id)),
  );

  return server;
}
