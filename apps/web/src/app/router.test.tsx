import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteError } from '@/components/layouts/route-error';
import { routes } from './router';

describe('the route table', () => {
  it('gives every route the error screen, and the signed-in frame’s screens the framed one', () => {
    const unguarded: string[] = [];
    const visit = (table: RouteObject[], framed: boolean) => {
      for (const route of table) {
        const element = route.errorElement as { type?: unknown; props?: { framed?: boolean } } | undefined;
        if (element?.type !== RouteError || Boolean(element.props?.framed) !== framed) unguarded.push(route.path ?? route.id ?? '(layout)');
        if (route.children) visit(route.children, framed || route.id === 'signed-in-frame');
      }
    };
    visit(routes, false);
    expect(unguarded).toEqual([]);
  });

  it('loads a screen’s code with one retry', async () => {
    const frame = routes[0].children!.find((route) => route.id === 'signed-in-frame')!;
    const dashboard = frame.children!.find((route) => route.path === '/dashboard')!;
    expect(typeof dashboard.lazy).toBe('function');
    // The wrapper, not the table's own function: the retry is in lib/lazy-retry.test.ts.
    expect(String(dashboard.lazy)).toContain('retryOnce(load)');
  });
});
