// Swagger UI. Signed in to the web app, the session cookie does it all: the page, the document
// and "Try it out" (whose writes get the session's CSRF token, fetched once). Otherwise the page
// is opened with ?token=; its script drops the token from the address bar and sends it as a
// Bearer header.
//
// Swagger UI (third-party) misses WCAG AA in places axe reports as serious or critical; what we
// add fixes them from outside: darker colours where text was too faint, the operation's path
// shown as text rather than a link nested in the operation's button (the address bar still
// follows the open operation), and names for the unlabelled server picker and request body.
// The page itself; functions/api/docs/explorer.ts serves it.

/** At least 4.5:1 against their backgrounds (Swagger UI's own are 1.6–3.8:1). */
const CONTRAST = [
  '.swagger-ui :is(.opblock-get, .opblock-post, .opblock-put, .opblock-patch, .opblock-delete) .opblock-summary-method { color: #000; text-shadow: none; }',
  '.swagger-ui .info .title small pre.version { color: #000; }',
  '.swagger-ui .info :is(.url, a) { color: #1d5fa8; }',
  '.swagger-ui .btn.authorize { color: #1f7a4f; border-color: #1f7a4f; }',
  '.swagger-ui .btn.authorize svg { fill: #1f7a4f; }',
  '.swagger-ui .btn.cancel { color: #c0282d; border-color: #c0282d; }',
  '.swagger-ui .btn.execute { background-color: #1d5fa8; border-color: #1d5fa8; }',
  '.swagger-ui .parameter__in { color: #555; }',
  '.swagger-ui .download-contents { background: #5a606e; }',
].join('\n');

/** A Swagger UI plugin (browser code, as text): no link inside a button, and names for two unnamed controls. */
const ACCESSIBLE_NAMES = `() => ({
  wrapComponents: {
    DeepLink: (Original, { React }) => (props) => React.createElement(Original, { ...props, enabled: false }),
    Servers: (Original, { React }) => (props) => React.createElement('div', { ref: (div) => div && div.querySelector('select')?.setAttribute('aria-label', 'Server') }, React.createElement(Original, props)),
    TextArea: (Original, { React }) => (props) => React.createElement(Original, { 'aria-label': String(props.className).includes('body-param__text') ? 'Request body' : undefined, ...props }),
  },
})`;

/** The explorer's page; `assetQuery` carries a ?token= to its assets when the page was opened with one. */
export const explorerPage = (apiPrefix: string, assetQuery: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Verbatim API explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${apiPrefix}/docs/assets/swagger-ui.css${assetQuery}">
<style>${CONTRAST}</style>
</head>
<body>
<div id="swagger-ui"></div>
<script src="${apiPrefix}/docs/assets/swagger-ui-bundle.js${assetQuery}"></script>
<script>
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token) { params.delete('token'); history.replaceState(null, '', location.pathname + (params.size ? '?' + params : '')); }
  const csrf = token ? Promise.resolve(null) : fetch('${apiPrefix}/auth/session', { credentials: 'same-origin' }).then((r) => (r.ok ? r.json() : null)).then((v) => v && v.csrf_token, () => null);
  window.ui = SwaggerUIBundle({
    url: '${apiPrefix}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    plugins: [${ACCESSIBLE_NAMES}],
    requestInterceptor: async (request) => {
      if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
      const method = (request.method || 'GET').toUpperCase();
      if (!token && method !== 'GET' && method !== 'HEAD') {
        const value = await csrf;
        if (value) request.headers['X-CSRF-Token'] = value;
      }
      return request;
    },
    onComplete: () => { if (token) window.ui.preauthorizeApiKey('bearerAuth', token); },
  });
</script>
</body>
</html>`;
