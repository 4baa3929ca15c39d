/**
 * The documents proxy.ts sends itself for a malformed URL (404) and for a node that does not
 * answer (503). They are complete HTML pages, not rewrites to React routes: with the node down
 * there is nothing to render, and Next 16 treats a proxy rewrite as an external URL when the
 * server was started with `-H <host>` (the proxy sees "localhost", the router the -H host), which
 * turned both statuses into a 500. A plain Response has no such failure mode.
 *
 * Same look as the app: the theme variables of app/globals.css, the stored theme applied before
 * paint, the header with search. Every dynamic string is HTML-escaped (the reason quotes the URL).
 */
import { PRE_PAINT_SCRIPT } from '@/lib/http/theme-script';
import { scriptHash } from '@/lib/http/security-headers';

/**
 * The retry button's handler and the timed retry, which the reader can stop (a refresh that cannot
 * be turned off fails WCAG 2.2.1): a script element rather than an onclick attribute, because the
 * Content-Security-Policy allows inline scripts by hash, and hashes do not cover attributes. The
 * interval comes from the button's `data-retry` attribute, so the script's text, and its hash,
 * stay the same. Without JavaScript a meta refresh in <noscript> retries instead.
 */
const RETRY_SCRIPT = `(function(){var b=document.querySelector('[data-retry]'),n=document.querySelector('[data-retry-note]'),x=document.querySelector('[data-retry-stop]');b.addEventListener('click',function(){location.reload()});var t=setTimeout(function(){location.reload()},Number(b.getAttribute('data-retry'))*1000);x.addEventListener('click',function(){clearTimeout(t);n.textContent='Reloading by itself is stopped; Retry reloads the page.'})})();`;

/** Hashes of the status pages' inline scripts beyond the pre-paint one, for their CSP (proxy.ts). */
export const STATUS_PAGE_SCRIPT_HASHES: readonly string[] = [scriptHash(RETRY_SCRIPT)];

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface StatusPageOptions {
  readonly status: 404 | 429 | 502 | 503;
  readonly title: string;
  readonly message: string;
  readonly details?: readonly string[];
  /** Offer a retry (503): a button that reloads, and a reload every `refreshSeconds` the reader can stop. */
  readonly retry?: { readonly refreshSeconds: number };
}

const STYLE = `
:root{color-scheme:light;--bg:#f6f7f9;--surface:#fff;--fg:#14171c;--muted:#5b6472;--border:#dde1e7;--accent:#b4261b;--accent-fg:#fff;--link:#1d4fd7;--bad:#b42318}
@media (prefers-color-scheme:dark){:root:not(.light){color-scheme:dark;--bg:#0d1014;--surface:#151a21;--fg:#e7eaee;--muted:#9aa4b2;--border:#2a313c;--accent:#f0645a;--accent-fg:#0d1014;--link:#7fa8ff;--bad:#ff8078}}
:root.dark{color-scheme:dark;--bg:#0d1014;--surface:#151a21;--fg:#e7eaee;--muted:#9aa4b2;--border:#2a313c;--accent:#f0645a;--accent-fg:#0d1014;--link:#7fa8ff;--bad:#ff8078}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
header{background:var(--surface);border-bottom:1px solid var(--border)}
.bar{max-width:80rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center}
.name{display:flex;gap:.5rem;align-items:center;color:var(--fg);font-weight:600;font-size:1.125rem}
form{display:flex;gap:.5rem;flex:1;min-width:16rem;max-width:28rem;margin-left:auto}
input{flex:1;min-width:0;height:2.25rem;padding:0 .75rem;border:1px solid var(--border);border-radius:.375rem;background:var(--surface);color:var(--fg);font:inherit;font-size:.875rem}
.btn{height:2.25rem;padding:0 1rem;border:0;border-radius:.375rem;background:var(--accent);color:var(--accent-fg);font:inherit;font-size:.875rem;font-weight:500;cursor:pointer;display:inline-flex;align-items:center}
.btn:hover{text-decoration:none;opacity:.9}
main{max-width:42rem;margin:1.5rem auto;padding:0 1rem}
.panel{background:var(--surface);border:1px solid var(--border);border-radius:.5rem;padding:1.5rem;overflow-wrap:anywhere}
.panel.bad{border-color:color-mix(in srgb,var(--bad) 40%,transparent)}
.kicker{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:var(--muted)}
h1{margin:.25rem 0 0;font-size:1.125rem}.bad h1{color:var(--bad)}
p{font-size:.875rem}ul{padding-left:1.25rem;color:var(--muted);font-size:.875rem}
.actions{display:flex;gap:1rem;align-items:center;margin-top:1.25rem;font-size:.875rem}
.js-only{display:none}html.js .js-only{display:inline-flex}html.js .no-js{display:none}
.link{margin-left:.5rem;padding:0;border:0;background:none;color:var(--link);font:inherit;text-decoration:underline;cursor:pointer;min-height:1.5rem}
@media (max-width:640px){form{max-width:none;margin-left:0;flex-basis:100%}}
`;

const LOGO = `<svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true"><rect x="2" y="3" width="18" height="4" rx="1.5" fill="#7a2fd0"/><rect x="2" y="9" width="18" height="4" rx="1.5" fill="#1f6fd0"/><rect x="2" y="15" width="18" height="4" rx="1.5" fill="#b4261b"/></svg>`;

const KICKERS = { 404: 'Not found · 404', 429: 'Too many requests · 429', 502: 'Unreadable node answer · 502', 503: 'Unavailable · 503' } as const;

/** A complete HTML document for a status the proxy answers itself. */
export function renderStatusPage(options: StatusPageOptions): string {
  const { status, title, message, details = [], retry } = options;
  const kicker = KICKERS[status];
  const list = details.length > 0 ? `<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>` : '';
  const actions = retry
    ? `<div class="actions"><button type="button" class="btn js-only" data-retry="${retry.refreshSeconds}">Retry</button><a class="btn no-js" href="">Retry</a><a href="/">Home</a></div><p style="color:var(--muted);margin-bottom:0" data-retry-note>This page retries by itself every ${retry.refreshSeconds} s.<button type="button" class="link js-only" data-retry-stop>Stop reloading</button></p>`
    : `<div class="actions"><a href="/">Back to the home page</a></div>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${retry ? `<noscript><meta http-equiv="refresh" content="${retry.refreshSeconds}"></noscript>` : ''}
<title>${escapeHtml(title)} · Strata</title><link rel="icon" href="/favicon.svg">
<script>${PRE_PAINT_SCRIPT}</script><style>${STYLE}</style></head>
<body><header><div class="bar"><a class="name" href="/">${LOGO}<span>Strata</span></a>
<form action="/search" method="get" role="search"><input type="search" name="q" required placeholder="Block, hash, address or chain" aria-label="Search by block number, block or transaction hash, address or chain name"><button class="btn" type="submit">Search</button></form></div></header>
<main><section class="panel${status === 404 ? '' : ' bad'}" ${status === 404 ? '' : 'role="alert"'}><p class="kicker">${kicker}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${list}${actions}</section></main>
${retry ? `<script>${RETRY_SCRIPT}</script>` : ''}</body></html>`;
}
