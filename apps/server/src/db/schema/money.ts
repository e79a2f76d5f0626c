import { bigint } from 'drizzle-orm/pg-core';

/**
 * A money column: integer cents in a 64-bit `bigint` (docs/decisions/0001-integer-cents.md). A
 * 32-bit `integer` stops at 2^31 − 1 cents ($21,474,836.47), which one large agency wallet or a
 * year of a payments total can pass. Mode 'number' reads it as a JS number rather than a BigInt:
 * numbers are exact integers up to 2^53 − 1 cents (about $90 trillion), far beyond any amount the
 * portal can hold, so every arithmetic on cents stays exact and the API code keeps plain numbers.
 * Drizzle converts the driver's string to a number for the column; raw `sql` aggregates over it are
 * wrapped in Number().
 */
export const cents = (name: string) => bigint(name, { mode: 'number' });
