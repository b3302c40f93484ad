export { ChatbotApi, type ChatbotApiOptions } from './api.js';
export { ApiError, type ErrorDetail } from './apiError.js';
export { OPERATIONS, type OperationId } from './generated/methods.js';
export type { components, operations } from './generated/openapi.js';
export type { Body, ImageOf, Json, Params, RawBody, RequestOptions, Result, RouteCall } from './types.js';
