/**
 * The headers of the built playground: index.html for every page route and each file of dist/. The
 * API's responses have none of these (bar nosniff, which every response carries) and keep their CORS;
 * the page has no CORS at all, since only its own origin loads it.
 *
 * `npm run dev` serves the page through Vite, whose React refresh preamble is an inline script and
 * whose HMR client opens a WebSocket, so this policy is not applied there (see server/dev.ts).
 */

/**
 * The Content-Security-Policy, one directive per entry. What it protects is script injection and
 * framing; it does not try to keep the page's own requests at home, because the user chooses where
 * they go.
 */
export const PAGE_CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  // Anything not named below (fonts, manifests, frames of our own) comes from this origin only.
  ['default-src', "'self'"],
  // Scripts only from this origin's files: no inline script, no event-handler attribute, no
  // javascript: URL. The build emits none (index.html has one <script src>, and Vite's modulepreload
  // polyfill is part of the entry file, not inline). 'unsafe-eval' is for Ajv alone, which compiles
  // each JSON schema (function parameters, the reply schema) into a function with `Function(…)`;
  // without it the function definitions are never checked and Send stays disabled. It lets no
  // injected markup run. Once the schema checks run in a worker loaded from this origin, drop it here
  // and send it on that worker's script only: a worker takes the policy of its own response (the
  // request says `Sec-Fetch-Dest: worker`), while a blob: worker inherits the page's.
  ['script-src', "'self' 'unsafe-eval'"],
  // Style sheets from this origin's files, and <style> elements the page's own code writes:
  // CodeMirror puts its themes in a <style> element it fills from script (constructed sheets only in
  // a shadow root), and takes a nonce for it only from the page's code, which a static index.html
  // cannot hand it. Style attributes are refused outright: React's `style={…}` props write through
  // the CSSOM (element.style), which CSP does not govern, so nothing of the page needs one, and an
  // injected style="…" is refused. Every browser the build targets knows style-src-elem/-attr.
  ['style-src', "'self'"],
  ['style-src-elem', "'self' 'unsafe-inline'"],
  ['style-src-attr', "'none'"],
  // The vision page shows images by any URL the user pastes, and files read from disk as data: or
  // blob: URLs.
  ['img-src', "'self' data: blob: http: https:"],
  // The audio page plays the chosen file and the recording from blob: URLs.
  ['media-src', "'self' blob:"],
  // Any OpenAI-compatible server the user adds in Settings: any origin over http or https. The
  // connections live in this browser's localStorage, so the service cannot name them in a policy it
  // sends before the page has read them, and a fixed list would refuse the user's own servers. What
  // this policy guards is script injection and framing; with no injected script able to run, an open
  // connect-src gives an attacker nothing.
  ['connect-src', "'self' http: https:"],
  // Workers (schema checks, markdown) from this origin's files or blob: URLs made by the page.
  ['worker-src', "'self' blob:"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  // Only this origin may frame the page (X-Frame-Options below says the same to older browsers).
  ['frame-ancestors', "'self'"],
];

export const PAGE_CSP = PAGE_CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/**
 * Every header the page's responses carry besides their content type and cache policy. The same set
 * goes on each file of dist/: a policy on a script or style sheet is ignored, but a worker script's own
 * response sets the worker's policy, and a file opened by itself (an SVG, a source map) is a document.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  // Requests to the user's servers and to image URLs say nothing of the page they came from.
  'referrer-policy': 'no-referrer',
};
