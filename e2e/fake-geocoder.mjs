// Stands in for the national address API (the only public service the product calls), speaking its
// protocol: GET /search/?q=<address>&limit=1 → a GeoJSON FeatureCollection. Known streets answer their
// real coordinates; anything else answers no feature.
import http from 'node:http';

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
    const place = places.find((p) => p.match.test(q));
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
