import * as React from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/g;

/** Splits plain text into text and links (http/https only); trailing punctuation stays text. */
export function linkify(text: string): Array<{ type: 'text' | 'link'; value: string }> {
  const parts: Array<{ type: 'text' | 'link'; value: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]}'’]+$/.exec(url)?.[0] ?? '';
    if (trailing) url = url.slice(0, -trailing.length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    parts.push({ type: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

/** Plain text (an email or text message body) with its web addresses as links, line breaks kept. */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {linkify(text).map((part, index) =>
        part.type === 'link' ? (
          <a
            key={index}
            href={part.value}
            target="_blank"
            rel="noreferrer noopener"
            className="break-all font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            {part.value}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <React.Fragment key={index}>{part.value}</React.Fragment>
        ),
      )}
    </div>
  );
}
