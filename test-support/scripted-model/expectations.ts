import {
  hasImages,
  lastMessageWithRole,
  messageText,
  responseFormatType,
  toolNames,
  type ChatRequest,
} from './request';
import type { Expectation } from './scenario';

/** Every way the request differs from the expectation, one readable line each; empty when it matches. */
export function unmetExpectations(expectation: Expectation, request: ChatRequest): string[] {
  const problems: string[] = [];
  const lastUser = lastMessageWithRole(request, 'user');
  const lastUserText = lastUser === undefined ? undefined : messageText(lastUser);
  const quote = (text: string | undefined) => (text === undefined ? 'no user message' : JSON.stringify(clip(text)));

  if (expectation.lastUserContains !== undefined && !(lastUserText ?? '').includes(expectation.lastUserContains)) {
    problems.push(`last user message should contain ${JSON.stringify(expectation.lastUserContains)}; it was ${quote(lastUserText)}`);
  }
  if (expectation.lastUserMatches !== undefined && !new RegExp(expectation.lastUserMatches).test(lastUserText ?? '')) {
    problems.push(`last user message should match /${expectation.lastUserMatches}/; it was ${quote(lastUserText)}`);
  }
  if (expectation.systemContains !== undefined) {
    const system = request.messages
      .filter((message) => message.role === 'system' || message.role === 'developer')
      .map(messageText)
      .join('\n');
    if (!system.includes(expectation.systemContains)) {
      problems.push(`system prompt should contain ${JSON.stringify(expectation.systemContains)}; it was ${JSON.stringify(clip(system))}`);
    }
  }
  if (expectation.lastToolResultContains !== undefined) {
    const toolResult = lastMessageWithRole(request, 'tool');
    const text = toolResult === undefined ? undefined : messageText(toolResult);
    if (!(text ?? '').includes(expectation.lastToolResultContains)) {
      problems.push(
        `last tool result should contain ${JSON.stringify(expectation.lastToolResultContains)}; it was ${text === undefined ? 'absent' : JSON.stringify(clip(text))}`,
      );
    }
  }
  const lastRole = request.messages.at(-1)?.role;
  if (expectation.lastRole !== undefined && lastRole !== expectation.lastRole) {
    problems.push(`last message should have role ${expectation.lastRole}; it had ${lastRole ?? 'none'}`);
  }

  const offered = toolNames(request);
  const missing = (expectation.toolsInclude ?? []).filter((name) => !offered.includes(name));
  if (missing.length > 0) problems.push(`tools should include ${missing.join(', ')}; offered: ${listOrNone(offered)}`);
  const forbidden = (expectation.toolsExclude ?? []).filter((name) => offered.includes(name));
  if (forbidden.length > 0) problems.push(`tools should not include ${forbidden.join(', ')}; offered: ${listOrNone(offered)}`);
  if (expectation.hasTools !== undefined && expectation.hasTools !== offered.length > 0) {
    problems.push(expectation.hasTools ? 'tools should be offered; none were' : `no tools should be offered; offered: ${offered.join(', ')}`);
  }

  if (expectation.hasImages !== undefined && expectation.hasImages !== hasImages(request)) {
    problems.push(expectation.hasImages ? 'the request should carry images; it had none' : 'the request should carry no images; it had some');
  }
  const count = request.messages.length;
  if (expectation.minMessages !== undefined && count < expectation.minMessages) {
    problems.push(`at least ${expectation.minMessages} messages expected; there were ${count}`);
  }
  if (expectation.maxMessages !== undefined && count > expectation.maxMessages) {
    problems.push(`at most ${expectation.maxMessages} messages expected; there were ${count}`);
  }
  const format = responseFormatType(request);
  if (expectation.responseFormat !== undefined && format !== expectation.responseFormat) {
    problems.push(`response_format should be ${expectation.responseFormat}; it was ${format}`);
  }
  const streaming = request.stream === true;
  if (expectation.stream !== undefined && streaming !== expectation.stream) {
    problems.push(expectation.stream ? 'the request should stream; it did not' : 'the request should not stream; it did');
  }
  return problems;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

function listOrNone(names: string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}
