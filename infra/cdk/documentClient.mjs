// Bundled in place of the ES import of `@aws-sdk/lib-dynamodb` (the package stays external: it
// comes with the runtime). An ES import of a CommonJS package makes Node scan its source for
// export names before running it, 10-15 ms of every function's cold start; required, it loads in
// 2-3 ms, and it shares the DynamoDB client module the bundle imports (Node's CommonJS cache).
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
