/**
 * Words about the conversation itself, clear enough for a rule at any step of a call (the
 * classifier reads open requests; these must also work in the middle of an answer).
 */

/** "Say that again", "sorry?", "come again": repeat, at any step (the words are clear enough for a rule). */
export const ASKS_TO_REPEAT =
  /^(?:(?:um|uh|sorry|i'?m sorry|excuse me|pardon|what)[\s,.?]*)*(?:(?:can|could|would) you )?(?:please )?(?:say (?:that|it|this) again|repeat (?:that|it|this|yourself|the question)|come again|say again|one more time|what did you (?:just )?say|i didn'?t (?:catch|hear|get) (?:that|you|it|what you said)|(?:sorry|pardon|what|huh|excuse me)\??|otra vez|rep[ií]t(?:a|alo|ame)|(?:me |nos |le )?puede repetir|me lo repite|c[oó]mo dijo|perd[oó]n)[\s,.?!]*(?:please|por favor)?[\s,.?!]*$/;

/** "Bye", "never mind", "forget it": the caller is leaving, whatever else the sentence says. */
export const CLEAR_GOODBYE = /\b(bye|goodbye|good bye|adios|never ?mind|forget it|hang up)\b/i;
