/**
 * AWS list prices used by `npm run synth`'s cost table: region us-east-1, on-demand, first pricing
 * tier, in US dollars, as published on the services' pricing pages on the date below. Free tiers
 * are left out: the table says what traffic costs once they are used up.
 */
export const LIST_PRICES = {
  region: 'us-east-1',
  asOf: '2025-01-15',
  /** API Gateway REST API, per million requests (first 333 million a month). */
  restApiPerMillion: 3.5,
  /** Lambda, per million invocations. */
  lambdaPerMillionRequests: 0.2,
  /** Lambda compute per GB-second, by architecture (first 6 billion GB-seconds a month on arm64, 7.5 on x86). */
  lambdaPerGbSecond: { arm64: 0.0000133334, x86_64: 0.0000166667 } as Record<string, number>,
  /** DynamoDB on-demand, per million write request units (one write of up to 1 KB). */
  dynamoPerMillionWrites: 0.625,
  /** DynamoDB on-demand, per million read request units (one strongly consistent read of up to 4 KB). */
  dynamoPerMillionReads: 0.125,
} as const;
