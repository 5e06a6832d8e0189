import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetConsoleErrorAllowance, isConsoleErrorAllowed } from './console';

// A test that logs an unexpected console.error fails (team guide). Tests that expect a logged failure call
// allowConsoleError() first.
let consoleErrors: unknown[][] = [];

// jsdom does not lay out pages; scrolling is a no-op here.
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => undefined) as typeof window.scrollTo;

beforeEach(() => {
  consoleErrors = [];
  resetConsoleErrorAllowance();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  const unexpected = consoleErrors;
  consoleErrors = [];
  if (unexpected.length > 0 && !isConsoleErrorAllowed()) {
    const text = unexpected
      .map((args) => args.map((arg) => (typeof arg === 'object' ? JSON.stringify(arg) : String(arg))).join(' '))
      .join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
