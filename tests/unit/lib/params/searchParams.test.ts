import { describe, expect, it } from 'vitest';
import { ParamError } from '../../../../src/lib/params/apiParams';
import { parseSearchParams, SEARCH_DEFAULT_LIMIT } from '../../../../src/lib/params/searchParams';

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe('search parameters', () => {
  it('trims q and defaults the limit', () => {
    expect(parse('q=%20lebron%20')).toEqual({ q: 'lebron', limit: SEARCH_DEFAULT_LIMIT });
    expect(parse('q=x&limit=20')).toEqual({ q: 'x', limit: 20 });
  });

  it('an empty q is an empty search, not an error', () => {
    expect(parse('')).toEqual({ q: '', limit: SEARCH_DEFAULT_LIMIT });
    expect(parse('q=')).toEqual({ q: '', limit: SEARCH_DEFAULT_LIMIT });
    expect(parse('q=%20%20&limit=5')).toEqual({ q: '', limit: 5 });
  });

  it.each([
    ['q=a&q=b', 'q'],
    ['q=a%00b', 'q'],
    ['q=a%0Ab', 'q'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=x&limit=0', 'limit'],
    ['q=x&limit=21', 'limit'],
    ['q=x&limit=1.5', 'limit'],
    ['q=x&limit=-1', 'limit'],
    ['q=x&limit=1&limit=2', 'limit'],
  ])('%s is a ParamError naming %s', (qs, param) => {
    try {
      parse(qs);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ParamError);
      expect((e as ParamError).param).toBe(param);
    }
  });
});
