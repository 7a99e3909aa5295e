import { describe, expect, it } from 'vitest';
import { unmetExpectations } from './expectations';
import { chatRequestSchema } from './request';

const request = chatRequestSchema.parse({
  model: 'scripted',
  stream: true,
  messages: [
    { role: 'system', content: 'You are in Sorting mode.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Here is the desk.' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_pile', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '["mug"]' },
  ],
  tools: [{ type: 'function', function: { name: 'list_pile', parameters: {} } }],
});

describe('unmetExpectations', () => {
  it('is empty when every expectation holds', () => {
    expect(
      unmetExpectations(
        {
          lastUserContains: 'desk',
          lastUserMatches: '^Here',
          systemContains: 'Sorting',
          lastToolResultContains: 'mug',
          lastRole: 'tool',
          toolsInclude: ['list_pile'],
          toolsExclude: ['end_session'],
          hasTools: true,
          hasImages: true,
          minMessages: 4,
          maxMessages: 4,
          responseFormat: 'none',
          stream: true,
        },
        request,
      ),
    ).toEqual([]);
  });

  it('names every difference, with what was actually sent', () => {
    expect(
      unmetExpectations(
        {
          lastUserContains: 'closet',
          lastUserMatches: 'closet$',
          systemContains: 'Surveying',
          lastToolResultContains: 'lamp',
          lastRole: 'user',
          toolsInclude: ['end_session', 'list_pile'],
          toolsExclude: ['list_pile'],
          hasTools: false,
          hasImages: false,
          minMessages: 5,
          maxMessages: 3,
          responseFormat: 'json_schema',
          stream: false,
        },
        request,
      ),
    ).toEqual([
      'last user message should contain "closet"; it was "Here is the desk."',
      'last user message should match /closet$/; it was "Here is the desk."',
      'system prompt should contain "Surveying"; it was "You are in Sorting mode."',
      'last tool result should contain "lamp"; it was "[\\"mug\\"]"',
      'last message should have role user; it had tool',
      'tools should include end_session; offered: list_pile',
      'tools should not include list_pile; offered: list_pile',
      'no tools should be offered; offered: list_pile',
      'the request should carry no images; it had some',
      'at least 5 messages expected; there were 4',
      'at most 3 messages expected; there were 4',
      'response_format should be json_schema; it was none',
      'the request should not stream; it did',
    ]);
  });

  it('says when there is nothing to compare against', () => {
    const bare = chatRequestSchema.parse({ model: 'scripted', messages: [{ role: 'system', content: 'x'.repeat(300) }] });

    expect(
      unmetExpectations(
        { lastUserContains: 'hi', lastToolResultContains: 'mug', hasTools: true, hasImages: true, toolsInclude: ['a'], stream: true },
        bare,
      ),
    ).toEqual([
      'last user message should contain "hi"; it was no user message',
      'last tool result should contain "mug"; it was absent',
      'tools should include a; offered: none',
      'tools should be offered; none were',
      'the request should carry images; it had none',
      'the request should stream; it did not',
    ]);
    expect(unmetExpectations({ systemContains: 'y' }, bare)[0]).toMatch(/it was "x{200}\.\.\."$/);
  });
});
