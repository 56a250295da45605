import * as React from 'react';

/** About the pace of a synthetic voice (150 words a minute). */
export const WORD_MS = 400;

/** The agent's line as the caller hears it, word by word, until it ends or is interrupted. */
export interface Speaking {
  key: string;
  words: string[];
  shown: number;
  /** More sentences are still coming from the server: the voice waits for them when it catches up. */
  arriving: boolean;
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Real-time replies in the playground, as on a ConversationRelay call: a reply known whole (the
 * greeting) or one arriving sentence by sentence from the server is shown at a speaking pace,
 * never ahead of what has arrived.
 */
export function useSpokenReply() {
  const [speaking, setSpeaking] = React.useState<Speaking | null>(null);

  React.useEffect(() => {
    if (!speaking) return;
    if (speaking.shown >= speaking.words.length && speaking.arriving) return;
    const timer = setTimeout(
      () =>
        setSpeaking((s) => {
          if (!s || s.key !== speaking.key) return s;
          if (s.shown < s.words.length) return { ...s, shown: s.shown + 1 };
          return s.arriving ? s : null;
        }),
      WORD_MS,
    );
    return () => clearTimeout(timer);
  }, [speaking]);

  return {
    speaking,
    /** A reply known whole. */
    say: (key: string, text: string) => {
      const words = wordsOf(text);
      setSpeaking(words.length > 1 ? { key, words, shown: 1, arriving: false } : null);
    },
    /** A reply about to arrive sentence by sentence. */
    begin: (key: string) => setSpeaking({ key, words: [], shown: 0, arriving: true }),
    add: (key: string, sentence: string) =>
      setSpeaking((s) => (s && s.key === key ? { ...s, words: [...s.words, ...wordsOf(sentence)], shown: Math.max(s.shown, 1) } : s)),
    /** Every sentence has arrived: the voice finishes what is left. */
    finish: (key: string) => setSpeaking((s) => (s && s.key === key ? (s.words.length ? { ...s, arriving: false } : null) : s)),
    /** Stops speaking; what was being said, for an interrupt. */
    stop: (): Speaking | null => {
      const s = speaking;
      setSpeaking(null);
      return s;
    },
  };
}
