import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySavedTheme, applyTheme, chooseTheme, THEME_COLOURS } from './theme';

function metas() {
  document.head.innerHTML =
    '<meta name="theme-color" content="#0066cc" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#18222d" media="(prefers-color-scheme: dark)">';
  return [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
}

describe('theme', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    document.documentElement.removeAttribute('data-theme');
    document.head.innerHTML = '';
  });

  it('leaves the device to decide by default, each scheme with its bar colour', () => {
    const [light, dark] = metas();
    applySavedTheme();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(light!.content).toBe(THEME_COLOURS.light);
    expect(dark!.content).toBe(THEME_COLOURS.dark);
  });

  it('overrides the device with a choice, kept on this device and read back at start', () => {
    const [light, dark] = metas();
    chooseTheme('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    // Whichever scheme the device prefers, the bar has the chosen one's colour.
    expect([light!.content, dark!.content]).toEqual([THEME_COLOURS.dark, THEME_COLOURS.dark]);
    document.documentElement.removeAttribute('data-theme');
    applySavedTheme();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    chooseTheme('auto');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.length).toBe(0);
    expect([light!.content, dark!.content]).toEqual([THEME_COLOURS.light, THEME_COLOURS.dark]);
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('portale-famiglie.theme', 'purple');
    applySavedTheme();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    applyTheme('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
