/**
 * A model that says it takes tool calls but sends calls whose arguments do not parse: after three the conversational
 * coach hands the session to the guided coach, which answers the same message with its card, worded by the model.
 */
import { expect, test } from '@playwright/test';
import type { ScriptedModel } from '../test-support/scripted-model';
import { expectAccessible } from './support/axe';
import { dialog, say } from './support/page';
import { shotPath } from './support/screenshots';
import { modelEnv, startScenario, stopWithModel } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';

let model: ScriptedModel | undefined;
let app: RunningWebMode | undefined;

test.afterEach(async () => {
  const mismatches = await stopWithModel(app, model);
  app = undefined;
  model = undefined;
  expect(mismatches).toEqual([]);
});

const NOTICE = 'This model keeps fumbling its tool calls, so from here I’ll guide you with short questions and cards. The model still words my replies.';

test('tool calls that keep failing: the guided coach takes over, says so once, and the session goes on with cards', async ({ page }) => {
  model = await startScenario('tool-fumbles');
  app = await startWebMode(modelEnv(model));
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('coach-kind')).toHaveText('Coachscripted');

  await say(page, 'idk where to start');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('What is this space mostly for?');
  await expect(page.getByTestId('messages')).toContainText(NOTICE);
  await expect(page.getByTestId('coach-kind')).toHaveText('CoachGuided, phrased by scripted');
  // Three calls with broken arguments, then no more tools offered: the model only reads and words from here.
  const offeredTools = model.requests.filter((request) => request.body.tools?.length);
  expect(offeredTools).toHaveLength(3);
  await expectAccessible(page, 'handover notice and the guided coach’s card');
  await page.screenshot({ path: shotPath('handover.png') });

  await dialog(page).getByRole('radio', { name: 'Living and relaxing' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('messages')).toContainText('Start with the mug nearest your hand.');
  await expect(page.getByTestId('messages').getByText(NOTICE)).toHaveCount(1);
  await page.screenshot({ path: shotPath('handover-after.png') });
  expect(model.requests.filter((request) => request.body.tools?.length)).toHaveLength(3);
});
