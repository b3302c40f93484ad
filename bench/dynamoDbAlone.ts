// The cold-start baseline: a bundle that only imports the DynamoDB client (external, as in every
// function), so each function's import time can be read as a multiple of it.
import '@aws-sdk/client-dynamodb';
