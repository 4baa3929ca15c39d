import { describe, expect, test } from 'vitest';
import { escapeHtml, renderStatusPage } from './status-page';

describe('status pages', () => {
  test('escapes every dynamic string (the reason quotes the URL)', () => {
    const html = renderStatusPage({ status: 404, title: 'x', message: '“<script>alert(1)</script>” is not a hash', details: ['/tx/<img src=x onerror=alert(1)>'] });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`a&b"c'd`)).toBe('a&amp;b&quot;c&#39;d');
  });
  test('503 retries (button, no-JS link, refresh); 404 does not', () => {
    const down = renderStatusPage({ status: 503, title: 'Down', message: 'm', retry: { refreshSeconds: 10 } });
    // The timed reload is the script's, which the reader can stop; the meta refresh only without JavaScript.
    expect(down).toContain('<noscript><meta http-equiv="refresh" content="10"></noscript>');
    expect(down).toContain('data-retry="10">Retry</button>');
    expect(down).toContain('>Stop reloading</button>');
    expect(down).toContain('role="alert"');
    const missing = renderStatusPage({ status: 404, title: 'Missing', message: 'm' });
    expect(missing).not.toContain('http-equiv="refresh"');
    expect(missing).not.toContain('Retry');
  });
});
