/** Splitting a one-line navtest command, and filling placeholders. */
import { describe, expect, it } from 'vitest';
import { CommandLineError, splitCommandLine } from '../../src/testers/split-command.js';
import { fillPlaceholders, unknownPlaceholders } from '../../src/testers/placeholders.js';

describe('splitCommandLine', () => {
  it.each([
    ['q2proded +map {map}', ['q2proded', '+map', '{map}']],
    ['  a\t b  \n c ', ['a', 'b', 'c']],
    [
      `'/games/Action Quake/q2proded' +set game action`,
      ['/games/Action Quake/q2proded', '+set', 'game', 'action'],
    ],
    [`"say \\"hi\\" \\\\ there" x`, ['say "hi" \\ there', 'x']],
    [`a\\ b c`, ['a b', 'c']],
    [`pre'fix'"ed" ''`, ['prefixed', '']],
    [`'a|b' "c;d"`, ['a|b', 'c;d']],
    ['', []],
  ])('%j → %j', (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });

  it.each([
    [`q2proded 'oops`, /unterminated single quote .*at character 10/],
    [`q2proded "oops`, /unterminated double quote/],
    ['q2proded \\', /a backslash ends the line/],
    ['q2proded | tee log', /"\|" needs a shell.*command: \[sh, -c/],
    ['q2proded > log', /">" needs a shell/],
    ['q2proded $HOME', /"\$" needs a shell/],
    ['q2proded "$HOME"', /"\$" needs a shell/],
    ['a; b', /";" needs a shell/],
  ])('refuses %j', (line, message) => {
    expect(() => splitCommandLine(line)).toThrow(CommandLineError);
    expect(() => splitCommandLine(line)).toThrow(message);
  });
});

describe('placeholders', () => {
  const values = {
    map: 'wizs',
    nav: '/g/bots/nav/wizs.nav',
    report: '/g/r.json',
    draft: '/w/it-01/wizs.nav',
    iteration: '3',
  };

  it('fills every placeholder, keeps other braces, unescapes {{ and }}', () => {
    expect(fillPlaceholders('+map {map} {nav} {report} {draft} #{iteration}', values)).toBe(
      '+map wizs /g/bots/nav/wizs.nav /g/r.json /w/it-01/wizs.nav #3',
    );
    expect(fillPlaceholders('{"mode": "x"} {{map}} { map } {}', values)).toBe(
      '{"mode": "x"} {map} { map } {}',
    );
  });

  it('lists unknown names once, in order', () => {
    expect(unknownPlaceholders('{nva} {map} {mpa} {nva} {{nva}}')).toEqual(['nva', 'mpa']);
    expect(unknownPlaceholders('{nav}', ['map'])).toEqual(['nav']);
  });

  it('throws when a value is missing (validation should have caught it)', () => {
    expect(() => fillPlaceholders('{nav}', { map: 'x' })).toThrow(
      'placeholder {nav} has no value here',
    );
  });
});
