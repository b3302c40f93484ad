// Bundled in place of the ES import of `@aws-sdk/lib-dynamodb`, which stays external: required as
// CommonJS it loads far faster at cold start (docs/design.md, "Cold start: the document client").
// Only the names the stores use: a new one fails the build ("No matching export").
import { createRequire } from 'node:module';

const documentClient = createRequire(import.meta.url)('@aws-sdk/lib-dynamodb');

export const {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} = documentClient;
