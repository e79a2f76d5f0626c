import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { newItem, withType } from '../lib/order-form-state';
import { useOrderForm } from './use-order-form';

const tier = { title: '500 Words', price: 28 };

function started(type = 'Blog Post') {
  const hook = renderHook(() => useOrderForm());
  act(() => hook.result.current.start(type, tier));
  return hook;
}

describe('order form state', () => {
  it('starts clean and becomes dirty with the first change', () => {
    const { result } = started();
    expect(result.current.items).toHaveLength(1);
    expect(result.current.dirty).toBe(false);
    act(() => result.current.form.setFieldValue('items.0.articleTitle', 'x'));
    expect(result.current.dirty).toBe(true);
  });

  it('is clean again after a reset and after loading items', () => {
    const { result } = started();
    act(() => result.current.form.setFieldValue('items.0.articleTitle', 'x'));
    act(() => result.current.reset());
    expect(result.current.items).toEqual([]);
    expect(result.current.dirty).toBe(false);

    act(() => result.current.load([newItem('Article', tier), newItem('Blog Post', tier)]));
    expect(result.current.types).toEqual(['Article', 'Blog Post']);
    expect(result.current.dirty).toBe(false);
    act(() => result.current.remove(1));
    expect(result.current.dirty).toBe(true);
  });

  it('ignores removing the first item', () => {
    const { result } = started();
    act(() => void result.current.clone(0));
    act(() => result.current.remove(0));
    expect(result.current.items).toHaveLength(2);
    act(() => result.current.remove(1));
    expect(result.current.items).toHaveLength(1);
  });

  it('clears the marks of the fields a change touches, and only those', () => {
    const { result } = started();
    act(() => void result.current.form.validate());
    expect(result.current.form.errors['items.0.purpose']).toBe(messages.highlightedRequired);
    act(() => result.current.change(0, (item) => withType(item, 'Article')));
    expect(result.current.form.errors['items.0.purpose']).toBeUndefined();
    expect(result.current.form.errors['items.0.articleTitle']).toBe(messages.highlightedRequired);
  });
});
