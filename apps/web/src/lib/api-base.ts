/** Where the API answers, for the page's client and the background worker's (which can't import the page's). */
export const API_BASE = '/api';

/** Codes of errors made on the client, next to the server's ERROR_CODES: no answer at all. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** An error answer without the API's {message, code} body (a proxy's page, a crash). */
export const HTTP_ERROR_CODE = 'HTTP_ERROR';
