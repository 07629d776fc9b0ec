/**
 * The values of delimited text's secret columns (`pin`, `password`, `cardNumber`) are never shown,
 * whatever the quoting: a line whose fields cannot be read for sure (CSV whose quoting is broken,
 * a field count that does not fit the header) has every field as `***`; lines read for sure keep
 * their other columns. The header is read with CSV's quoting, as the lines are.
 */
import { REDACTED } from '@contracts/api/mock-requests';
import { redactDelimited } from '../../../server/dev/mock/redact-delimited';

const R = REDACTED;

describe('redacting delimited text', () => {
  it('masks every line of CSV whose quoting breaks, and every line before that reads otherwise split at each comma', () => {
    // A quoted comma adds a field where the missing city takes one away; the next line's quoting
    // is broken (text after a closing quote).
    const text = 'name,pin,city\n"Doe, Jane",4817\n"Acme" Ltd,9021,Perth\n';
    expect(redactDelimited(text)).toBe(`name,pin,city\n"${R}",${R}\n${R},${R},${R}\n`);
  });

  it('masks the lines of broken CSV under a header ending with a delimiter', () => {
    // A quote never closed, as in a body cut at the log's cap.
    const text = 'name,pin,\n"Doe, Jane",1234\nx,5678,"Syd';
    const shown = redactDelimited(text);
    expect(shown).not.toMatch(/1234|5678/);
    expect(shown).toBe(`name,pin,\n"${R}",${R}\n${R},${R},${R}`);
  });

  it('keeps the columns of the lines before the quoting breaks that read the same split at every delimiter', () => {
    const text = [
      'name,pin,city',
      '"Doe",4817,Sydney',
      'Smith,9021,"Perth"',
      // Its quoted value holds a line break: split at every delimiter, its lines would differ.
      'Lee,"12',
      '34,56",Hobart',
      '"Acme" Ltd,1111,Perth',
      'Jones,2222,Darwin',
      '',
    ].join('\n');
    expect(redactDelimited(text)).toBe(
      [
        'name,pin,city',
        `"Doe",${R},Sydney`,
        `Smith,${R},"Perth"`,
        `${R},"${R}",${R}`,
        `${R},${R},${R}`,
        `${R},${R},${R}`,
        '',
      ].join('\n'),
    );
  });

  it('reads a quoted header name holding the delimiter', () => {
    const text = '"Holder, name",pin\n"Doe, Jane",4817\nSmith,9021\n';
    expect(redactDelimited(text)).toBe(`"Holder, name",pin\n"Doe, Jane",${R}\nSmith,${R}\n`);
    const semicolons = '"Holder; name";"Card PIN"\n"Doe; Jane";"4817"\n';
    expect(redactDelimited(semicolons)).toBe(`"Holder; name";"Card PIN"\n"Doe; Jane";"${R}"\n`);
  });

  it('keeps CRLF line ends, whether the lines are read for sure or not', () => {
    expect(redactDelimited('name,pin\r\n"Doe, Jane",4817\r\nSmith,9021\r\n')).toBe(
      `name,pin\r\n"Doe, Jane",${R}\r\nSmith,${R}\r\n`,
    );
    expect(redactDelimited('name,pin,city\r\n"Doe, Jane",4817\r\n"Acme" Ltd,9021,Perth\r\n')).toBe(
      `name,pin,city\r\n"${R}",${R}\r\n${R},${R},${R}\r\n`,
    );
  });

  it('reads a header after a byte order mark', () => {
    expect(redactDelimited('\uFEFF"Holder, name",pin\n"Doe, Jane",4817\n')).toBe(
      `\uFEFF"Holder, name",pin\n"Doe, Jane",${R}\n`,
    );
    expect(redactDelimited('\uFEFFname,pin,city\n"Doe, Jane",4817\n"x"y,9021,z\n')).toBe(
      `\uFEFFname,pin,city\n"${R}",${R}\n${R},${R},${R}\n`,
    );
  });

  it('reads semicolon CSV as comma CSV', () => {
    expect(redactDelimited('name;pin;city\n"Doe; Jane";4817\n"Acme" Ltd;9021;Perth\n')).toBe(
      `name;pin;city\n"${R}";${R}\n${R};${R};${R}\n`,
    );
    expect(redactDelimited('name;pin;city\n"Doe; Jane";4817;Sydney\n')).toBe(
      `name;pin;city\n"Doe; Jane";${R};Sydney\n`,
    );
  });

  it('reads a secret last column under a header ending with a delimiter', () => {
    const text = 'name,pin,\nDoe,4817,\nSmith,9021\n"Lee, Ann",5555,\n';
    expect(redactDelimited(text)).toBe(`name,pin,\nDoe,${R},\nSmith,${R}\n"Lee, Ann",${R},\n`);
    // A value in the header's empty last column is a field too many; with a missing field and
    // the delimiter after it, a line would have the named columns' count and an empty last one.
    expect(redactDelimited('name,pin,\nDoe,Jane,4817\n4817,\n')).toBe(
      `name,pin,\n${R},${R},${R}\n${R},\n`,
    );
    expect(redactDelimited('name|pin|\nDoe|Jane|4817\n4817|\nLee|5555|\n')).toBe(
      `name|pin|\n${R}|${R}|${R}\n${R}|\nLee|${R}|\n`,
    );
  });

  it('keeps an empty secret value empty', () => {
    expect(redactDelimited('name,pin\nDoe,\n"Lee, Ann",""\nSmith, \n')).toBe(
      'name,pin\nDoe,\n"Lee, Ann",""\nSmith, \n',
    );
    expect(redactDelimited('name,pin\n"Doe, Jane",\n"x"y,\n')).toBe(`name,pin\n"${R}",\n${R},\n`);
  });

  it('reads lines ended by a lone CR, and gives them back so', () => {
    expect(redactDelimited('name,pin\rx,1234\r"Doe, Jane",5678\r')).toBe(
      `name,pin\rx,${R}\r"Doe, Jane",${R}\r`,
    );
    expect(redactDelimited('cardNumber|pin\r4000|1234')).toBe(`cardNumber|pin\r${R}|${R}`);
  });
});
