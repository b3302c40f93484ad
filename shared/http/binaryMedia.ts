/**
 * API Gateway (REST) passes a Lambda's base64 answer on as bytes only when the request's first
 * Accept type is a binary media type; clients asking for `format=png` send anything (`*\/*`,
 * a browser's list), so every type is binary. Text answers (isBase64Encoded false) pass as they
 * are, and every request body reaches the function base64-encoded, which the local server copies.
 */
export const BINARY_MEDIA_TYPES = ['*/*'];
