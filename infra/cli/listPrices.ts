/**
 * AWS list prices used by `npm run synth`'s cost table: region us-east-1, on-demand, first pricing
 * tier, in US dollars, as published on the date below. Free tiers are left out: the table says what
 * traffic costs once they are used up. AWS's pricing pages draw their rate tables in the browser, so
 * where their text shows no figure the comment names the second source it was checked against.
 */
export const LIST_PRICES = {
  region: 'us-east-1',
  asOf: '2026-11-27',
  /** API Gateway REST API, per million requests (first 333 million a month). Checked 2026-11-27 against AWS's
   * whitepaper "Best Practices for Designing Amazon API Gateway Private APIs...", page cost-optimization.html of
   * https://docs.aws.amazon.com/whitepapers/latest/best-practices-api-gateway-private-apis-integration/ */
  restApiPerMillion: 3.5,
  /** Lambda, per million invocations. Checked 2026-11-27 against a second source only,
   * https://amnic.com/blogs/aws-lambda-pricing ("AWS Lambda Pricing: How It Works and What You Pay"). */
  lambdaPerMillionRequests: 0.2,
  /** Lambda compute per GB-second, by architecture. Tiers (first 7.5 billion GB-seconds a month on arm64, 6 billion
   * on x86): AWS Compute Blog, https://aws.amazon.com/blogs/compute/introducing-tiered-pricing-for-aws-lambda/.
   * Rates checked 2026-11-27 against a second source only, https://cloudchipr.com/blog/aws-lambda-pricing. */
  lambdaPerGbSecond: { arm64: 0.0000133334, x86_64: 0.0000166667 } as Record<string, number>,
  /** DynamoDB on-demand, per million write request units (one write of up to 1 KB). Checked 2026-11-27 against
   * a second source only, https://airbyte.com/data-engineering-resources/dynamodb-pricing (after the 2024 cut). */
  dynamoPerMillionWrites: 0.625,
  /** DynamoDB on-demand, per million read request units (one strongly consistent read of up to 4 KB). Checked
   * 2026-11-27 against the same second source as the writes. */
  dynamoPerMillionReads: 0.125,
} as const;
