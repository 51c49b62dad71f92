/** Where the API answers, for the page's client and the background worker's (which can't import the page's). */
export const API_BASE = '/api';
