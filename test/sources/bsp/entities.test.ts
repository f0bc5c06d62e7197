/**
 * Entity text edge cases from small hand-written strings: what real maps contain must parse,
 * malformed text must fail with the line (and absolute offset) of the token at fault.
 */
import { describe, expect, it } from 'vitest';
import { parseEntities } from '../../../src/sources/bsp/entities.js';
import { BspError } from '../../../src/sources/bsp/errors.js';

const source = { file: 'maps/x.bsp', offset: 0x1000 };

function parse(text: string) {
  return parseEntities(text, source);
}

function errorOf(text: string): BspError {
  try {
    parse(text);
  } catch (e) {
    if (e instanceof BspError) return e;
    throw e;
  }
  throw new Error('expected a BspError, the text parsed');
}

describe('entity text: what real maps contain', () => {
  it('reads blocks, classname, origin and angle', () => {
    const first = '{\n"classname" "worldspawn"\n"sky" "unit1_"\n}\n';
    const [world, spawn] = parse(
      first +
        '{\n"origin" "-104 976.5 -24"\n"classname" "info_player_deathmatch"\n"angle" "270"\n}\n',
    );
    expect(world).toMatchObject({ classname: 'worldspawn', origin: null, angle: 0, line: 1 });
    expect(world.keyValues).toEqual([
      ['classname', 'worldspawn'],
      ['sky', 'unit1_'],
    ]);
    expect(spawn).toMatchObject({
      classname: 'info_player_deathmatch',
      origin: [-104, 976.5, -24],
      angle: 270,
      line: 5,
      offset: 0x1000 + first.length,
    });
  });

  it('accepts CRLF line ends, tabs, comments and unquoted tokens', () => {
    const text =
      '// made by hand\r\n{\r\n\t"classname"\t"light" /* inline */\r\n  light 300\r\n}\r\n{classname info_null}';
    const entities = parse(text);
    expect(entities.map((e) => e.keyValues)).toEqual([
      [
        ['classname', 'light'],
        ['light', '300'],
      ],
      [['classname', 'info_null']],
    ]);
    expect(entities[1].line).toBe(6);
  });

  it('keeps quoted braces, spaces, empty values and backslashes verbatim', () => {
    const [e] = parse('{ "message" "{ Welcome }\\nto the map" "target" "" "path" "C:\\\\maps" }');
    expect(e.keyValues).toEqual([
      ['message', '{ Welcome }\\nto the map'],
      ['target', ''],
      ['path', 'C:\\\\maps'],
    ]);
  });

  it('counts lines inside multi-line quoted values', () => {
    const entities = parse('{ "message" "line one\nline two" }\n{ "classname" "x" }');
    expect(entities[1].line).toBe(3);
  });

  it('keeps duplicate keys; the last one wins, as in the game', () => {
    const [e] = parse('{ "classname" "a" "ClassName" "b" "angle" "90" "angles" "0 45 0" }');
    expect(e.classname).toBe('b');
    expect(e.angle).toBe(45);
    expect(e.keyValues).toHaveLength(4);
  });

  it('accepts an origin with extra numbers, as sscanf does', () => {
    expect(parse('{ "origin" "1 2 3 4" }')[0].origin).toEqual([1, 2, 3]);
  });

  it('stops at the first NUL byte (the lump is a C string)', () => {
    expect(parse('{ "classname" "a" }\n\0{ garbage')).toHaveLength(1);
  });

  it('reads empty text as no entities', () => {
    expect(parse('')).toEqual([]);
    expect(parse('  \n// nothing\n')).toEqual([]);
  });
});

describe('entity text: malformed', () => {
  it('reports a missing closing brace at the end with the line of its opening brace', () => {
    const first = '{\n"classname" "worldspawn"\n}\n';
    const e = errorOf(first + '{\n"classname" "light"\n');
    expect({ code: e.code, line: e.line, offset: e.offset }).toEqual({
      code: 'BAD_ENTITIES',
      line: 4,
      offset: 0x1000 + first.length,
    });
    expect(e.message).toBe(
      'maps/x.bsp@0x101d line 4: the entity opened on line 4 has no closing brace [BAD_ENTITIES]',
    );
  });

  it('reports a missing closing brace before the next entity at the nested brace', () => {
    const e = errorOf('{ "classname" "a"\n{ "classname" "b" }');
    expect(e.line).toBe(2);
    expect(e.reason).toMatch(/entity opened on line 1, which is not closed/);
  });

  it('has no escape for quotes: \\" ends the string and breaks the block', () => {
    const e = errorOf('{ "message" "say \\"hi\\"" }');
    expect(e.reason).toMatch(/has no value/);
  });

  it('reports text outside a block', () => {
    const e = errorOf('{ }\n"classname" "x"');
    expect({ line: e.line, offset: e.offset }).toEqual({ line: 2, offset: 0x1000 + 4 });
    expect(e.reason).toMatch(/expected '\{'/);
  });

  it('reports a key without a value', () => {
    expect(errorOf('{ "classname" "x" "origin" }').reason).toBe('key "origin" has no value');
  });

  it('reports an unterminated quoted string at its opening quote', () => {
    const e = errorOf('{\n"classname" "x\n}\n');
    expect({ line: e.line, offset: e.offset }).toEqual({ line: 2, offset: 0x1000 + 14 });
  });

  it('reports an unreadable origin or angle with the entity line', () => {
    expect(errorOf('\n{ "origin" "1 2" }').line).toBe(2);
    expect(errorOf('{ "origin" "1 x 3" }')).toMatchObject({
      reason: 'cannot read origin "1 x 3"',
      offset: 0x1000 + 11,
    });
    expect(errorOf('{ "angle" "north" }').reason).toMatch(/cannot read angle/);
  });
});
