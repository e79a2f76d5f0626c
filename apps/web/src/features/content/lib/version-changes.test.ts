import { describe, expect, it } from 'vitest';
import { previewText, versionChanges } from './version-changes';

describe('the changes between two versions', () => {
  it('reads the text of a preview with one line per block', () => {
    expect(previewText('<h1>Title</h1><p>First  <strong>bold</strong> words.</p><ul><li>One</li><li>Two</li></ul>')).toBe('Title\nFirst bold words.\nOne\nTwo');
  });

  it('marks the words added and removed, and counts them', () => {
    const changes = versionChanges('The first draft says hello to everyone.', 'The second draft says goodbye to everyone.')!;
    expect(changes.parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['first', 'hello']);
    expect(changes.parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['second', 'goodbye']);
    expect(changes).toMatchObject({ added: 2, removed: 2 });
    // Nothing is lost: the kept and added runs spell the new text.
    expect(
      changes.parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('The second draft says goodbye to everyone.');
  });

  it('finds no change in the same text', () => {
    expect(versionChanges('Same words.', 'Same words.')).toMatchObject({ added: 0, removed: 0 });
  });
});
