import * as React from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@web/components/ui/toast';
import { queryClient } from './query-client';

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
