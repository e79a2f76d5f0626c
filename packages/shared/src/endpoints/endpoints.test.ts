import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, routes, type Endpoint } from './index.js';

const table = Object.entries(endpoints as Record<string, Endpoint>);

describe('endpoint table', () => {
  it('has one entry per method and path', () => {
    const routes = table.map(([, e]) => `${e.method} ${e.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('declares every path parameter in the params schema, and no other', () => {
    for (const [name, e] of table) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const inSchema = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect({ name, params: inSchema }).toEqual({ name, params: e.params ? inPath : [] });
    }
  });

  it('takes each entry’s method and path from routes (what the web reads at run time), under the same name', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, e] of table) expect({ name, method: e.method, path: e.path }).toEqual({ name, ...routes[name as keyof typeof routes] });
  });
});
