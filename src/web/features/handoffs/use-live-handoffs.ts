import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveEvent } from '@web/lib/live';
import { handoffsQueryKey } from './api/list-handoffs';

/**
 * Keeps every handoff query fresh across browsers: each server-sent event on the `handoffs`
 * topic refetches what is on screen. Answers a short sentence about the last new handoff, for a
 * polite live region.
 */
export function useLiveHandoffs(onEvent?: (event: LiveEvent) => void): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = React.useState('');
  useLiveEvents(['handoffs'], (event) => {
    void queryClient.invalidateQueries({ queryKey: handoffsQueryKey });
    if (event.type === 'created') setAnnouncement(`New ${event.data?.priority === 'urgent' ? 'urgent ' : ''}handoff in the queue.`);
    onEvent?.(event);
  });
  return announcement;
}
