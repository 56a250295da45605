import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { watchReferenceAccessibility } from './reference-accessibility';

/**
 * Code samples in the three languages integrators ask for: curl, JavaScript (fetch) and Python
 * (requests). Every other client Scalar knows is hidden.
 */
const HIDDEN_CLIENTS = {
  c: true,
  clojure: true,
  csharp: true,
  dart: true,
  fsharp: true,
  go: true,
  http: true,
  java: true,
  kotlin: true,
  node: true,
  objc: true,
  ocaml: true,
  php: true,
  powershell: true,
  r: true,
  ruby: true,
  rust: true,
  swift: true,
  js: ['axios', 'jquery', 'ofetch', 'xhr'],
  python: ['python3', 'httpx_sync', 'httpx_async'],
  shell: ['httpie', 'wget'],
};

/**
 * Scalar's API reference (decision 027), bundled with the app and loaded only with this tab. The
 * document is passed in (fetched by the tab, which shows loading and errors); "Test request" sends
 * to this server with the bearer key typed in the Authentication box. No telemetry, no remote
 * fonts, no proxy: the page's CSP allows nothing else.
 */
export default function ScalarReference({ document }: { document: Record<string, unknown> }) {
  return (
    // A scroll box of its own: Scalar's sidebar sticks to the top of the scrolling element, and
    // the app scrolls the whole page, so without it the sidebar would scroll away with the top.
    // The ref repairs Scalar's markup as it renders (one main landmark, named buttons; issue 28).
    <div className="h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-border" data-testid="api-reference" ref={watchReferenceAccessibility}>
      <ApiReferenceReact
        configuration={{
          content: document,
          telemetry: false,
          withDefaultFonts: false,
          hideDarkModeToggle: true,
          forceDarkModeState: window.document.documentElement.classList.contains('dark') ? 'dark' : 'light',
          showDeveloperTools: 'never',
          hideClientButton: false,
          documentDownloadType: 'json',
          layout: 'modern',
          hiddenClients: HIDDEN_CLIENTS,
          defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
          authentication: { preferredSecurityScheme: 'bearerAuth' },
          persistAuth: false,
          // Scalar's AI assistant would send the document to Scalar's servers.
          agent: { disabled: true },
        }}
      />
    </div>
  );
}
