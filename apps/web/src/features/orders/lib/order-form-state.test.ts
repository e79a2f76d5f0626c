import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { contentItem } from '../testing/fixtures';
import { buildCreatePayload, cloneItem, fromContent, newItem, orderErrors, withKeyword, withProjectName, withType } from './order-form-state';

const tier = { title: '500 Words', price: 28 };

describe('order form rules', () => {
  it('clears the fields that depend on the type when the type changes, and keeps the brief', () => {
    const filled = { ...newItem('Email Marketing', tier), subject_line: 'Spring sale', purpose: 'Teaser Email', project_name: 'Spring launch' };
    const { item, touched } = withType(filled, 'Blog Post');
    expect(item).toMatchObject({ orderType: 'Blog Post', wordCount: null, addOns: null, contentTotal: 0, subject_line: '', purpose: '' });
    expect(item.project_name).toBe('Spring launch');
    expect(touched).toEqual(expect.arrayContaining(['orderType', 'subject_line', 'purpose']));
  });

  it('treats a typed project name as a new project', () => {
    const past = { ...newItem('Blog Post', tier), project_name: 'Spring launch', newProject: false };
    expect(withProjectName(past, 'Spring launch').item.newProject).toBe(false);
    expect(withProjectName(past, 'Spring launch 2').item.newProject).toBe(true);
  });

  it('strips ; and = from a keyword', () => {
    expect(withKeyword(newItem('Blog Post', tier), 1, 'a;b=c').item.keywords).toEqual(['', 'abc', '']);
  });

  it('clones an item as a new one, without its keywords, add-on and saved content', () => {
    const source = {
      ...newItem('Blog Post', tier),
      keywords: ['a', 'b', ''] as [string, string, string],
      addOns: { addOn: 'SEO', price: 10 },
      contentId: 4,
      contentTotal: 3800,
    };
    const copy = cloneItem(source);
    expect(copy.key).not.toBe(source.key);
    expect(copy).toMatchObject({ keywords: ['', '', ''], addOns: null, contentId: null, contentTotal: 2800 });
  });

  it('does not send the fields a type does not show', () => {
    const item = { ...newItem('Blog Post', tier), subject_line: 'leftover', which_page: 'Homepage', articleTitle: ' Title ' };
    const [sent] = buildCreatePayload([item], null).articlesData;
    expect(sent).not.toHaveProperty('subject_line');
    expect(sent).not.toHaveProperty('which_page');
    expect(sent!.articleTitle).toBe('Title');
  });

  it('validates with the shared create contract: publish medium only for the types that need it, on the form paths', () => {
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
    expect(orderErrors([blog, press])).toEqual({ 'items.0.publish_medium': messages.highlightedRequired });
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
