import { defineContract, fileAnswer, noBody, notEnvelope } from './define';

const tag = 'system';

/** The API's own description and operations (docs/api.md "OpenAPI"). */
export const SYSTEM = {
  /** This API as an OpenAPI 3.1 document generated from the contracts (server/http/openapi.ts). */
  openApi: defineContract({
    tag,
    method: 'GET',
    path: '/openapi.json',
    body: noBody,
    response: notEnvelope,
    answer: fileAnswer('application/json', 'The OpenAPI 3.1 document of this API'),
    permission: 'session',
    summary: 'The OpenAPI 3.1 document of this API, generated from its contracts',
  }),
} as const;
