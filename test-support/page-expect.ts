/**
 * Playwright's `expect` for pages driven from Vitest (the Electron stand-in's tests and the journey they share with
 * e2e). Outside Playwright's runner its config is not read, so a web-first assertion would wait only its 5 s
 * default: a busy CI machine missed a card by that (stop 38). Here it waits as e2e's do.
 */
import { expect as playwrightExpect } from '@playwright/test';

export const expect = playwrightExpect.configure({ timeout: 30_000 });
