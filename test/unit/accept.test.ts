import { describe, expect, test } from '@jest/globals';
import { preferredType } from '../../shared/http/accept';

const offers = ['application/json', 'text/html'] as const;

describe('preferredType', () => {
  test.each<[string | undefined, string]>([
    [undefined, 'application/json'],
    ['', 'application/json'],
    ['*/*', 'application/json'],
    ['text/html', 'text/html'],
    // What browsers send for a page load.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'text/html'],
    ['application/json, text/html;q=0.5', 'application/json'],
    ['text/html;q=0.4, application/json;q=0.9', 'application/json'],
    ['text/*', 'text/html'],
    ['text/html;q=0, */*', 'application/json'],
    ['TEXT/HTML', 'text/html'],
    ['garbage, ;;;, text/html;q=abc', 'application/json'],
    ['image/png', 'application/json'],
  ])('%p -> %s', (accept, expected) => {
    expect(preferredType(accept, offers)).toBe(expected);
  });
});
