import { describe, expect, it } from 'vitest';
import { ZIP_MAX } from './constants.js';
import { messages } from './messages.js';
import { zipCodeProblem, zipCodeSchema } from './zip-code.js';

describe('zip codes', () => {
  it.each(['CA12 5AB', 'SW1A 1AA', 'K1A 0B1', '1234 AB', '12345-6789', '62701', '75001', 'D02 X285', '1010', 'AB-1234567'])('takes %s as typed', (zip) => {
    expect(zipCodeProblem(zip)).toBeNull();
    expect(zipCodeSchema.parse(` ${zip} `)).toBe(zip);
  });

  it.each(['12345-67890', 'CA12 5AB 9999', '12_345', '1234@AB', ' -1234', 'ÄB 123', '12;DROP', '12345\t6'])('refuses %j', (zip) => {
    expect(zipCodeProblem(zip)).toBe(messages.zipCodeInvalid);
    const parsed = zipCodeSchema.safeParse(zip);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([messages.zipCodeInvalid]);
  });

  it('names the limit it applies', () => {
    expect(ZIP_MAX).toBe(10);
    expect(messages.zipCodeInvalid).toContain(`${ZIP_MAX} `);
  });

  it('leaves an empty field to the required check', () => {
    for (const empty of [undefined, null, '', '  ']) expect(zipCodeProblem(empty)).toBeNull();
  });
});
