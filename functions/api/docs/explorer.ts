// Swagger UI. Signed in to the web app, the session cookie does it all: the page, the document
// and "Try it out" (whose writes get the session's CSRF token, fetched once). Otherwise the page
// is opened with ?token=; its script drops the token from the address bar and sends it as a
// Bearer header.
import { content } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { API_PREFIX } from '#shared/routes.ts';

const page = (assetQuery: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Verbatim API explorer</title>
<link rel="stylesheet" href="${API_PREFIX}/docs/assets/swagger-ui.css${assetQuery}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_PREFIX}/docs/assets/swagger-ui-bundle.js${assetQuery}"></script>
<script>
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token) { params.delete('token'); history.replaceState(null, '', location.pathname + (params.size ? '?' + params : '')); }
  const csrf = token ? Promise.resolve(null) : fetch('${API_PREFIX}/auth/session', { credentials: 'same-origin' }).then((r) => (r.ok ? r.json() : null)).then((v) => v && v.csrf_token, () => null);
  window.ui = SwaggerUIBundle({
    url: '${API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
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

export const handler = route('GET /docs', async ({ event }) => {
  const token = event.queryStringParameters?.token;
  const assetQuery = token ? `?token=${encodeURIComponent(token)}` : '';
  return content(page(assetQuery), 'text/html; charset=utf-8', {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
});
