import { describe, expect, it } from 'vitest';
import { sentenceCase } from './badge-text';

describe('sentenceCase', () => {
  it("writes the API's order statuses as sentences", () => {
    expect(sentenceCase('UNPAID')).toBe('Unpaid');
    expect(sentenceCase('IN-PROGRESS')).toBe('In progress');
    expect(sentenceCase('COMPLETED')).toBe('Completed');
  });

  it('reads underscores and repeated separators as one space, and leaves a sentence as it is', () => {
    expect(sentenceCase('PENDING__REVIEW')).toBe('Pending review');
    expect(sentenceCase('Queued for a writer')).toBe('Queued for a writer');
    expect(sentenceCase('')).toBe('');
  });
});
