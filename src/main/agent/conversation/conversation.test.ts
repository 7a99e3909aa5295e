import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { memoryChatHistory } from '../../effects';
import { Conversation } from './conversation';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });

describe('Conversation', () => {
  it('reads and writes through the chat history effect', () => {
    const history = memoryChatHistory([user('a')]);
    const conversation = new Conversation(history);
    conversation.append(user('b'), user('c'));
    expect(history.list()).toHaveLength(3);
    expect(conversation.length).toBe(3);
    conversation.truncate(2);
    expect(conversation.list().map((m) => m.content)).toEqual(['b', 'c']);
    conversation.truncate(0);
    expect(conversation.list()).toEqual([]);
    conversation.replace([user('z')]);
    expect(history.list()).toEqual([user('z')]);
  });

  it('tracks appends until stopped, and forgets discarded messages in open trackers', () => {
    const conversation = new Conversation(memoryChatHistory());
    const tracker = conversation.track();
    const kept = user('kept');
    const discarded = user('discarded');
    conversation.append(kept, discarded);
    conversation.forget([discarded]);
    expect(tracker.appended).toEqual([kept]);
    tracker.stop();
    conversation.append(user('late'));
    expect(tracker.appended).toEqual([kept]);
  });
});
