'use client';

/**
 * Replaces the root layout when the layout itself fails (e.g. a configuration error). It renders
 * its own document, so it carries its own minimal styles and follows the system colour scheme.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;
  return (
    <html lang="en">
      <head>
        <title>Error · Strata</title>
        <meta name="color-scheme" content="light dark" />
      </head>
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
        <h1 style={{ fontSize: '1.25rem' }}>Strata could not start this page</h1>
        <p>
          The explorer failed before it could draw its layout. This usually means its configuration is wrong (see the
          server log: a configuration error names the variable) or the server is restarting.
        </p>
        {digest ? <p style={{ opacity: 0.7 }}>Error reference: {digest}</p> : null}
        <p>
          <button type="button" onClick={() => retry()} style={{ padding: '0.5rem 1rem', marginRight: '1rem' }}>
            Retry
          </button>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the root layout failed: a full page load, not a client navigation, is the way back */}
          <a href="/">Home</a>
        </p>
      </body>
    </html>
  );
}
