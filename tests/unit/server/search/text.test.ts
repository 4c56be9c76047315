import { describe, expect, it } from 'vitest';
import { dateIn, processTerm, tokenize } from '../../../../src/server/search/text';

describe('search text', () => {
  it('folds case and accents', () => {
    expect(tokenize('Luka Dončić')).toEqual(['luka', 'doncic']);
    expect(tokenize('NIKOLA JOKIĆ')).toEqual(['nikola', 'jokic']);
  });

  it('keeps hyphenated words whole and split', () => {
    expect(tokenize('Karl-Anthony Towns')).toEqual(['karl-anthony', 'karl', 'anthony', 'towns']);
    expect(tokenize('BOS DEN 2023-01-01')).toEqual(['bos', 'den', '2023-01-01', '2023', '01', '01']);
  });

  it('drops punctuation inside terms', () => {
    expect(processTerm("O'Neal")).toBe('oneal');
    expect(processTerm('...')).toBeNull();
  });

  it('finds a date and pads it', () => {
    expect(dateIn('BOS DEN 2023-1-1')).toBe('2023-01-01');
    expect(dateIn('celtics')).toBeNull();
  });
});
