import simpleRestProvider from 'ra-data-simple-rest';

/**
 * The admin API follows ra-data-simple-rest on the same origin:
 * GET /admin-api/<resource>?sort=[..]&range=[..]&filter={..} answered with a Content-Range header.
 */
export const ADMIN_API_URL = '/admin-api';

export const dataProvider = simpleRestProvider(ADMIN_API_URL);
