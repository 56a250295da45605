import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@web/lib/live';
import { handoffsQueryKey } from './api/list-handoffs';

/**
 * Keeps the queue fresh across browsers: a server-sent event about a handoff refetches the lists
 * and that handoff's page if it is open; one about an appointment request refetches the open
 * handoff page (it shows the request). Other handoffs' pages are left alone, so a busy queue
 * does not re-read (and re-audit) a record someone is reading. Answers a short sentence about
 * the last new handoff, for a polite live region.
 */
export function useLiveHandoffs(): string {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = React.useState('');
  useLiveEvents(['handoffs', 'appointment-requests'], (event) => {
    if (event.topic === 'handoffs') {
      void queryClient.invalidateQueries({ queryKey: [...handoffsQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...handoffsQueryKey, 'detail', event.id] });
      if (event.type === 'created') setAnnouncement(`New ${event.data?.priority === 'urgent' ? 'urgent ' : ''}handoff in the queue.`);
    } else {
      void queryClient.invalidateQueries({ queryKey: [...handoffsQueryKey, 'detail'] });
      void queryClient.invalidateQueries({ queryKey: [...handoffsQueryKey, 'intake', event.id] });
    }
  });
  return announcement;
}
