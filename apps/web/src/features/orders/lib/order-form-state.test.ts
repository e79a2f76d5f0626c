import { describe, expect, it } from 'vitest';
import { contentItem } from '../testing/fixtures';
import { buildCreatePayload, fromContent, newItem, newItemKey, orderFormReducer, validateItems, type OrderFormState } from './order-form-state';

const tier = { title: '500 Words', price: 28 };

function started(type = 'Blog Post'): OrderFormState {
  return orderFormReducer({ items: [], dirty: false }, { type: 'start', orderType: type, firstTier: tier });
}

describe('order form rules', () => {
  it('starts clean and becomes dirty with the first change', () => {
    const state = started();
    expect(state.dirty).toBe(false);
    expect(orderFormReducer(state, { type: 'setField', index: 0, field: 'articleTitle', value: 'x' }).dirty).toBe(true);
  });

  it('clears the fields that depend on the type when the type changes, and keeps the brief', () => {
    let state = started('Email Marketing');
    state = orderFormReducer(state, { type: 'setField', index: 0, field: 'subject_line', value: 'Spring sale' });
    state = orderFormReducer(state, { type: 'setField', index: 0, field: 'purpose', value: 'Teaser Email' });
    state = orderFormReducer(state, { type: 'setField', index: 0, field: 'project_name', value: 'Spring launch' });
    state = orderFormReducer(state, { type: 'changeType', index: 0, orderType: 'Blog Post' });
    const [item] = state.items;
    expect(item).toMatchObject({ orderType: 'Blog Post', wordCount: null, addOns: null, contentTotal: 0, subject_line: '', purpose: '' });
    expect(item!.project_name).toBe('Spring launch');
  });

  it('ignores removing the first item', () => {
    let state = orderFormReducer(started(), { type: 'clone', index: 0, key: newItemKey() });
    state = orderFormReducer(state, { type: 'remove', index: 0 });
    expect(state.items).toHaveLength(2);
  });

  it('does not send the fields a type does not show', () => {
    const item = { ...newItem('Blog Post', tier), subject_line: 'leftover', which_page: 'Homepage', articleTitle: ' Title ' };
    const [sent] = buildCreatePayload([item], null).articlesData;
    expect(sent).not.toHaveProperty('subject_line');
    expect(sent).not.toHaveProperty('which_page');
    expect(sent!.articleTitle).toBe('Title');
  });

  it('validates with the shared rules: publish medium only for the types that need it', () => {
    const filled = {
      category: 'Technology',
      articleTitle: 'T',
      project_name: 'P',
      about_company: 'A',
      target_audience: 'T',
      purpose: 'Informative',
      writing_tone: 'Casual',
    };
    const blog = { ...newItem('Blog Post', tier), ...filled };
    const press = { ...newItem('Press Release', tier), ...filled };
    const issues = validateItems([blog, press]);
    expect(issues.get(0)?.map((i) => i.field)).toEqual(['publish_medium']);
    expect(issues.has(1)).toBe(false);
  });

  it('reads an item back with free-text choices and without No Add-On', () => {
    const item = fromContent(contentItem({ purpose: 'Investor update', publish_medium: 'Own Website', addOn: 'No Add-On', addOnPrice: 0, cost: 28 }));
    expect(item.purpose_other).toBe(true);
    expect(item.publish_medium_other).toBe(false);
    expect(item.addOns).toBeNull();
    expect(item.contentTotal).toBe(2800);
    expect(item.keywords).toEqual(['stock', 'shops', '']);
  });
});
