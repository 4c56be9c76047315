import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../../src/server/accounts/passwordPolicy.ts';

const who = { email: 'ann.smith@example.com', name: 'Ann Smith' };

describe('new passwords (NIST SP 800-63B: length, no composition rules, no common or personal ones)', () => {
  it('accepts long passphrases of any characters, without symbols or capitals', () => {
    for (const ok of ['rebound tempo lattice', 'jokić passes überall', '🏀 net swish glass 🏀', `${'a'.repeat(3)} quiet morning ferry`, 'x7Kq!m2Zr9']) {
      expect(passwordProblem(ok, who), ok).toBeNull();
    }
  });

  it('refuses too short, too long, common, guessable and personal passwords, saying why', () => {
    expect(passwordProblem('a1b2c3d', who)).toMatch(/at least 8 characters/);
    expect(passwordProblem('🏀'.repeat(7), who)).toMatch(/at least 8 characters/); // counted in characters, not UTF-16 units
    expect(passwordProblem('z'.repeat(1025), who)).toMatch(/at most 1,024/);
    expect(passwordProblem('password1', who)).toMatch(/commonly used/);
    expect(passwordProblem('qwertyuiop', who)).toMatch(/used password/);
    expect(passwordProblem('11111111', who)).not.toBeNull();
    expect(passwordProblem('MyCourtvision!!', who)).toMatch(/site's name/);
    expect(passwordProblem('ann.smith2024', who)).toMatch(/email address/);
    expect(passwordProblem('xx ANN.SMITH@EXAMPLE.COM', who)).toMatch(/email address/);
  });
});
