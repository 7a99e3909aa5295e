import { unmetExpectations } from './expectations';
import type { ChatRequest } from './request';
import type { Scenario, ScriptedResponse } from './scenario';

/** A request the script could not answer as written. */
export interface Mismatch {
  /** Index into the recorded requests, or undefined when the body was not a valid Chat Completions request. */
  requestIndex: number | undefined;
  /** The step that was waiting, or undefined when all steps were used. */
  stepIndex: number | undefined;
  problems: string[];
  /** One line naming the request, the step and every problem; also the body of the default 500. */
  message: string;
}

export type Decision =
  | { kind: 'step'; stepIndex: number; response: ScriptedResponse }
  | { kind: 'mismatch'; mismatch: Mismatch; response: ScriptedResponse };

/** Walks a scenario's steps in order: each request uses the current step or becomes a mismatch. */
export class Script {
  private stepIndex = 0;
  private usesOfCurrentStep = 0;
  readonly mismatches: Mismatch[] = [];

  constructor(private readonly scenario: Scenario) {}

  /** Steps that have not answered all their requests yet (an `always` step counts until it has answered once). */
  get remainingSteps(): number {
    const current = this.scenario.steps[this.stepIndex];
    const alwaysStepAnswered = current?.times === 'always' && this.usesOfCurrentStep > 0;
    return this.scenario.steps.length - this.stepIndex - (alwaysStepAnswered ? 1 : 0);
  }

  answer(request: ChatRequest, requestIndex: number): Decision {
    if (this.scenario.order === 'first-match') return this.firstMatch(request, requestIndex);
    const step = this.scenario.steps[this.stepIndex];
    if (step === undefined) {
      const total = this.scenario.steps.length;
      return this.mismatch({
        requestIndex,
        stepIndex: undefined,
        problems: [`no steps left (the scenario has ${total})`],
      });
    }
    const problems = step.expect === undefined ? [] : unmetExpectations(step.expect, request);
    if (problems.length > 0) return this.mismatch({ requestIndex, stepIndex: this.stepIndex, problems });

    const decision: Decision = { kind: 'step', stepIndex: this.stepIndex, response: step.respond };
    this.usesOfCurrentStep += 1;
    if (step.times !== 'always' && this.usesOfCurrentStep >= step.times) {
      this.stepIndex += 1;
      this.usesOfCurrentStep = 0;
    }
    return decision;
  }

  private firstMatch(request: ChatRequest, requestIndex: number): Decision {
    const stepIndex = this.scenario.steps.findIndex((step) => step.expect === undefined || unmetExpectations(step.expect, request).length === 0);
    const step = this.scenario.steps[stepIndex];
    if (!step) return this.mismatch({ requestIndex, stepIndex: undefined, problems: ['no step matches it'] });
    return { kind: 'step', stepIndex, response: step.respond };
  }

  /** A body that is not a Chat Completions request at all: recorded, and answered by the server, not by a step. */
  recordInvalidRequest(problems: string[]): Mismatch {
    const stepIndex = this.stepIndex < this.scenario.steps.length ? this.stepIndex : undefined;
    return this.record({ requestIndex: undefined, stepIndex, problems });
  }

  private record(fields: Omit<Mismatch, 'message'>): Mismatch {
    const mismatch: Mismatch = { ...fields, message: describe(fields, this.scenario) };
    this.mismatches.push(mismatch);
    return mismatch;
  }

  private mismatch(fields: Omit<Mismatch, 'message'>): Decision {
    const mismatch = this.record(fields);
    return {
      kind: 'mismatch',
      mismatch,
      response: this.scenario.fallback ?? {
        // A mismatch fails its test anyway: the client may retry the 500 at once instead of backing off for seconds.
        error: { status: 500, message: mismatch.message, type: 'scripted_model_mismatch', headers: { 'retry-after-ms': '0' } },
      },
    };
  }
}

function describe({ requestIndex, stepIndex, problems }: Omit<Mismatch, 'message'>, scenario: Scenario): string {
  const request = requestIndex === undefined ? 'an invalid request' : `request ${requestIndex}`;
  const stepName = stepIndex === undefined ? undefined : scenario.steps[stepIndex]?.name;
  const step =
    stepIndex === undefined ? 'no step' : `step ${stepIndex}${stepName === undefined ? '' : ` (${JSON.stringify(stepName)})`}`;
  return `Scripted model: ${request} did not match ${step}: ${problems.join('; ')}`;
}
