import { describe, expect, it } from 'vitest';
import { copyrightLine } from './copyright';

describe('copyrightLine', () => {
  it('names the year of the day it is shown', () => {
    expect(copyrightLine(new Date('2031-03-04T12:00:00Z'))).toBe('© 2031 Copydesk');
    expect(copyrightLine()).toBe(`© ${new Date().getFullYear()} Copydesk`);
  });
});
