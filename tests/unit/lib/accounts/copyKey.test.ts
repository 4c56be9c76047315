/**
 * The Copy button of a new API key (src/lib/accounts/copyKey.ts): the clipboard first; refused, the key selected and the
 * copy command tried; refused too, the key left selected with a message saying how to copy it by hand.
 */
import { describe, expect, it } from 'vitest';
import { COPY_MESSAGES, copyKey } from '../../../../src/lib/accounts/copyKey';

const KEY = 'cv_live_0123456789abcdef';

function fakeBrowser(opts: { clipboard: 'grants' | 'refuses' | 'absent'; execCopy: 'copies' | 'fails' | 'throws' }) {
  const log: string[] = [];
  return {
    log,
    deps: {
      clipboard:
        opts.clipboard === 'absent'
          ? null
          : {
              writeText: async (text: string) => {
                log.push(`clipboard:${text}`);
                if (opts.clipboard === 'refuses') throw new DOMException('Write permission denied.', 'NotAllowedError');
              },
            },
      select: () => log.push('select'),
      execCopy: () => {
        log.push('execCopy');
        if (opts.execCopy === 'throws') throw new Error('not supported');
        return opts.execCopy === 'copies';
      },
    },
  };
}

describe('copyKey', () => {
  it('copies through the clipboard when the browser allows it, touching nothing else', async () => {
    const b = fakeBrowser({ clipboard: 'grants', execCopy: 'fails' });
    expect(await copyKey(KEY, b.deps)).toBe('copied');
    expect(b.log).toEqual([`clipboard:${KEY}`]);
  });

  it('a refused clipboard: the key is selected and the copy command copies it', async () => {
    const b = fakeBrowser({ clipboard: 'refuses', execCopy: 'copies' });
    expect(await copyKey(KEY, b.deps)).toBe('copied');
    expect(b.log).toEqual([`clipboard:${KEY}`, 'select', 'execCopy']);
  });

  it('nothing allowed: the key stays selected and the page says how to copy it', async () => {
    for (const execCopy of ['fails', 'throws'] as const) {
      const b = fakeBrowser({ clipboard: 'absent', execCopy });
      expect(await copyKey(KEY, b.deps)).toBe('selected');
      expect(b.log).toEqual(['select', 'execCopy']);
    }
    expect(COPY_MESSAGES.selected).toMatch(/key is selected, press Ctrl\+C/);
  });
});
