/**
 * The message catalogs cover the code (lingui.config.ts): a file whose messages no catalog extracts
 * would show them as ids, and a feature group without a catalog would load none for its pages.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA, BOOT, GROUP_CATALOGS } from '../../lingui.config';
import { pageGroup } from '../../src/i18n/locale';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

/** A catalog's `include` entry as a test of a path: a folder (all below it) or a file, `{a,b}` for either. */
const matcher = (entry: string) => {
  const pattern = entry.replace(/[.()[\]^$+*?|\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, options: string) => `(${options.split(',').join('|')})`);
  return new RegExp(`^${pattern}(/.*)?$`);
};

describe('message catalogs', () => {
  const groupFolders = readdirSync('src/routes/_private').filter((name) => /^\(\w+\)$/.test(name) && name !== '(home)');

  it('each feature group has its catalog, named as its folder', () => {
    expect(groupFolders.length).toBeGreaterThan(8);
    for (const folder of groupFolders) {
      const group = folder.slice(1, -1);
      expect(GROUP_CATALOGS[group], group).toContain(`src/routes/_private/${folder}`);
      expect(pageGroup(`/_private/${folder}/page`)).toBe(group);
    }
    for (const folder of Object.values(GROUP_CATALOGS).flat()) expect(existsSync(folder), folder).toBe(true);
  });

  it('a page whose folder is in the area catalog asks for no group', () => {
    const areaGroups = AREA.filter((entry) => /^src\/routes\/_private\/\(\w+\)$/.test(entry));
    expect(areaGroups).toContain('src/routes/_private/(home)');
    for (const entry of areaGroups) expect(pageGroup(`/${entry.slice('src/routes/'.length)}/page`), entry).toBeUndefined();
  });

  it('every file with messages is in a catalog', () => {
    const included = [...BOOT, ...AREA, ...Object.values(GROUP_CATALOGS).flat()].map(matcher);
    const withMessages = files('src').filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file) && /from '@lingui\/(react|core)\/macro'/.test(readFileSync(file, 'utf8')));
    expect(withMessages.length).toBeGreaterThan(100);
    expect(withMessages.filter((file) => !included.some((test) => test.test(file)))).toEqual([]);
  });
});
