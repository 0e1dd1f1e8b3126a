import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';

/** For component tests: renders inside the app's i18n provider (Italian, as set up for the tests). */
export function renderWithI18n(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { ...options, wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });
}

/** A window as wide as `width` px, for the phone layout (usePhone reads matchMedia); undo with vi.unstubAllGlobals. */
export function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') && width <= 600,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
