// Tests read no real AWS account: a region and silent logs unless LOG_LEVEL asks otherwise.
process.env.AWS_REGION ??= 'us-east-1';
process.env.POWERTOOLS_LOG_LEVEL ??= process.env.LOG_LEVEL ?? 'SILENT';
