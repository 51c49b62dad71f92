// Stands in for the national address API (the only public service the product calls), speaking its
// protocol: GET /search/?q=<address>&limit=1 → a GeoJSON FeatureCollection. Known streets answer their
// real coordinates; anything else answers no feature. Three words in the address play the API's other
// outcomes (docs/decisions/0017): 'Introuvable' answers no feature even in a known city, 'Panne' answers an
// HTTP error, and 'Injoignable' drops the connection, as an API that can't be reached.
import http from 'node:http';

const outcomes = [
  { match: /introuvable/i, outcome: 'none' },
  { match: /panne/i, outcome: 'error' },
  { match: /injoignable/i, outcome: 'unreachable' },
];

const places = [
  {
    match: /lilas/i,
    label: '12 Rue des Lilas 75019 Paris',
    postcode: '75019',
    city: 'Paris',
    lon: 2.3925,
    lat: 48.8779,
  },
  {
    match: /bellecour|lyon/i,
    label: 'Place Bellecour 69002 Lyon',
    postcode: '69002',
    city: 'Lyon',
    lon: 4.8322,
    lat: 45.7578,
  },
  {
    match: /canebi[eè]re|marseille/i,
    label: 'La Canebière 13001 Marseille',
    postcode: '13001',
    city: 'Marseille',
    lon: 5.3786,
    lat: 43.2975,
  },
];

export function startFakeGeocoder(port = 0) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/search')) {
      response.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const outcome = outcomes.find((o) => o.match.test(q))?.outcome;
    if (outcome === 'unreachable') {
      request.socket.destroy();
      return;
    }
    if (outcome === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 500, message: 'Internal server error' }));
      return;
    }
    const place = outcome === 'none' ? undefined : places.find((p) => p.match.test(q));
    const features = place
      ? [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
            properties: {
              label: place.label,
              score: 0.97,
              postcode: place.postcode,
              city: place.city,
              type: 'housenumber',
            },
          },
        ]
      : [];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ type: 'FeatureCollection', version: 'draft', features, query: q, limit: 1 }));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${address.port}`, close: () => server.close() });
    });
  });
}
