import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installAuthFailureHandler } from './app/auth-failure';
import { AppProvider } from './app/provider';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { initErrorReporting } from './lib/error-reporting';
import './styles.css';

initErrorReporting();
installAuthFailureHandler(router, queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
