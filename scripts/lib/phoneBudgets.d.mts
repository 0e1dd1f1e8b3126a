// Types of phoneBudgets.mjs, for the browser test that runs the same measurement.
import type { Page } from '@playwright/test';

export interface Viewport {
  width: number;
  height: number;
}
export interface PhoneMeasurement {
  viewport: Viewport;
  topBarPx: number;
  screens: { path: string; items: number }[];
  votiScreenfuls: number;
  smallTargets: string[];
}
export const BUDGETS: Readonly<{
  topBarMaxPx: number;
  firstScreenMinItems: number;
  votiMaxScreenfuls: number;
  targetMinPx: number;
  smallTargetsMax: number;
}>;
export const VIEWPORTS: readonly Viewport[];
export const DEMO_USER: string;
export const DEMO_PASSWORD: string;
export const PINNED_NOW: string;
export const LIST_SCREENS: readonly string[];
export const SECOND_STUDENT_SCREENS: readonly string[];
export function signIn(page: Page): Promise<void>;
export function switchToSecondStudent(page: Page): Promise<void>;
export function settled(page: Page, quietMs?: number, timeoutMs?: number): Promise<void>;
export function measurePhone(page: Page): Promise<PhoneMeasurement>;
export function budgetMisses(m: PhoneMeasurement): string[];
export function report(m: PhoneMeasurement): string[];
