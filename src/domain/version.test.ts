import { describe, expect, it } from 'vitest';
import { isNewerVersion, parseVersion } from './version';

describe('parseVersion', () => {
  it('parses number.number.number', () => {
    expect(parseVersion('1.14.52')).toEqual([1, 14, 52]);
    expect(parseVersion('0.0.0')).toEqual([0, 0, 0]);
  });

  it('parses the VERSION= line of version.txt with whitespace and newline', () => {
    expect(parseVersion('VERSION=1.14.53\n')).toEqual([1, 14, 53]);
    expect(parseVersion('  VERSION = 2.0.1 \r\n')).toEqual([2, 0, 1]);
  });

  it.each(['', '1.14', '1.14.52.1', 'v1.14.52', '1.14.x', '1.-1.2', '1.2.3-beta', 'VERSION=', 'VERSION=1.2', '1. 2.3', 'version 1.2.3'])(
    'rejects %j',
    (s) => {
      expect(parseVersion(s)).toBeNull();
    },
  );

  it('rejects numbers beyond safe integers', () => {
    expect(parseVersion('1.2.99999999999999999999')).toBeNull();
  });
});

describe('isNewerVersion', () => {
  it('compares numerically part by part, not as text', () => {
    expect(isNewerVersion('1.14.53', '1.14.52')).toBe(true);
    expect(isNewerVersion('1.15.0', '1.14.52')).toBe(true);
    expect(isNewerVersion('2.0.0', '1.99.99')).toBe(true);
    expect(isNewerVersion('1.14.100', '1.14.99')).toBe(true);
    expect(isNewerVersion('1.9.0', '1.10.0')).toBe(false);
  });

  it('is false for the same or an older version', () => {
    expect(isNewerVersion('1.14.52', '1.14.52')).toBe(false);
    expect(isNewerVersion('1.14.51', '1.14.52')).toBe(false);
    expect(isNewerVersion('0.99.99', '1.0.0')).toBe(false);
  });

  it('accepts the version.txt line form', () => {
    expect(isNewerVersion('VERSION=1.14.53\n', '1.14.52')).toBe(true);
  });

  it('is false when either side is not a version', () => {
    expect(isNewerVersion('<!doctype html>', '1.14.52')).toBe(false);
    expect(isNewerVersion('2.0', '1.14.52')).toBe(false);
    expect(isNewerVersion('2.0.0', 'dev')).toBe(false);
  });
});
