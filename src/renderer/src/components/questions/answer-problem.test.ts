import { describe, expect, it } from 'vitest';
import { IpcError } from '../../../../shared/ipc/errors';
import { answerProblem } from './answer-problem';

describe('why an answer did not go through', () => {
  it('explains a closed question without blame', () => {
    expect(answerProblem(new IpcError({ code: 'closed', message: 'no longer open' }))).toMatch(/already closed.*Nothing is lost/);
  });

  it('asks to try again after a dropped connection', () => {
    expect(answerProblem(new IpcError({ code: 'disconnected', message: 'gone' }))).toMatch(/try again/);
  });

  it('passes any other reason on', () => {
    expect(answerProblem(new IpcError({ code: 'invalid-input', message: 'There is no choice 4.' }))).toBe(
      'Your answer did not go through (There is no choice 4.). You can try again.',
    );
  });
});
