import { afterEach, describe, expect, it } from 'vitest';
import { landingPath, loginPathFor, rememberGoogleSignIn, safeReturnPath, takeGoogleSignIn } from './return-path';

describe('safeReturnPath: only a path of this site', () => {
  it.each([
    ['/content-view/12', '/content-view/12'],
    ['/message?thread=7', '/message?thread=7'],
    ['/order?status=Unpaid&page=2', '/order?status=Unpaid&page=2'],
    ['/payment/42#top', '/payment/42#top'],
    ['/a/../content-view/3', '/content-view/3'],
  ])('keeps %s', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });

  it.each([
    '//evil.example',
    '//evil.example/content-view/1',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    'https://evil.example',
    'https:evil.example',
    'http://localhost/dashboard',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'content-view/12',
    '',
    ' /dashboard',
    '/\t/evil.example',
    '/\n/evil.example',
    '/dashboard\u0000',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe('landingPath and loginPathFor', () => {
  it('lands on the return path, or on the dashboard for anything else', () => {
    expect(landingPath('/message?thread=7')).toBe('/message?thread=7');
    expect(landingPath('//evil.example')).toBe('/dashboard');
    expect(landingPath('https://evil.example')).toBe('/dashboard');
    expect(landingPath(null)).toBe('/dashboard');
  });

  it('carries the page in ?next=, except the dashboard itself', () => {
    expect(loginPathFor('/message?thread=7')).toBe('/login?next=%2Fmessage%3Fthread%3D7');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(new URLSearchParams(loginPathFor('/content-view/5').split('?')[1]).get('next')).toBe('/content-view/5');
  });
});

describe('the Google hand-off', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the return path and the Remember me box for the landing page, once', () => {
    rememberGoogleSignIn({ next: '/content-view/9', remember: true });
    expect(takeGoogleSignIn()).toEqual({ next: '/content-view/9', remember: true });
    expect(takeGoogleSignIn()).toEqual({ next: null, remember: false });
  });

  it('drops an unsafe return path, and survives a damaged entry', () => {
    rememberGoogleSignIn({ next: '//evil.example', remember: false });
    expect(takeGoogleSignIn()).toEqual({ next: null, remember: false });
    sessionStorage.setItem('googleSignIn', '{not json');
    expect(takeGoogleSignIn()).toEqual({ next: null, remember: false });
    sessionStorage.setItem('googleSignIn', JSON.stringify({ next: 'https://evil.example', remember: 'yes' }));
    expect(takeGoogleSignIn()).toEqual({ next: null, remember: false });
  });
});
