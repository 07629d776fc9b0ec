/**
 * Where the server mounts each base. The bases told to the client (config.json) may differ;
 * the server itself always serves the API and merchant bases at /api and the URL base at the
 * origin root (spec README "One server, three bases").
 */
export const API_MOUNT = '/api';
export const URL_MOUNT = '';
