import { Duration } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  RestApi,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BINARY_MEDIA_TYPES } from '../../shared/http/binaryMedia';
import { routeList } from '../../shared/routes/table';
import type { FunctionGroup } from '../../shared/routes/types';
import { addGatewayResponses, methodNotAllowedVia } from './gatewayAnswers';
import { acknowledgePublicMethod } from './nagAcknowledgements';

export interface ApiSettings {
  functions: Map<FunctionGroup, IFunction>;
  authorizer: IFunction;
  /** Seconds API Gateway caches an authorizer result per Authorization header (0 = off). */
  authorizerCacheTtl: number;
  /** Usage-plan throttle per API key: the coarse backstop in front of the exact per-minute limiter. */
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
}

export interface ChatbotRestApi {
  api: RestApi;
  usagePlan: UsagePlan;
}

/** The REST API, its resources and methods all derived from the route table. */
export function chatbotRestApi(scope: Construct, settings: ApiSettings): ChatbotRestApi {
  const accessLogs = new LogGroup(scope, 'ApiAccessLogs', { retention: settings.logRetention });
  const api = new RestApi(scope, 'Api', {
    restApiName: 'chatbot-utility-api',
    description: 'Chat-bot utility API: SVG images, bot information, webhook relay',
    endpointTypes: [EndpointType.REGIONAL],
    apiKeySourceType: ApiKeySourceType.AUTHORIZER,
    binaryMediaTypes: BINARY_MEDIA_TYPES,
    cloudWatchRole: true,
    deployOptions: {
      stageName: 'prod',
      tracingEnabled: true,
      metricsEnabled: true,
      loggingLevel: MethodLoggingLevel.ERROR,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.jsonWithStandardFields({
        caller: false,
        httpMethod: true,
        ip: true,
        protocol: true,
        requestTime: true,
        resourcePath: true,
        responseLength: true,
        status: true,
        user: true,
      }),
    },
  });

  const authorizer = new RequestAuthorizer(scope, 'KeyAuthorizer', {
    handler: settings.authorizer,
    identitySources: [IdentitySource.header('Authorization')],
    resultsCacheTtl: Duration.seconds(settings.authorizerCacheTtl),
  });

  const functionOfPath = new Map<string, IFunction>();
  for (const route of routeList) {
    const fn = settings.functions.get(route.group);
    if (!fn) throw new Error(`no function for group ${route.group}`);
    const resource = api.root.resourceForPath(route.path);
    const method = resource.addMethod(
      route.method,
      new LambdaIntegration(fn, { allowTestInvoke: false }),
      route.auth === 'apiKey' ? { authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true } : { authorizationType: AuthorizationType.NONE },
    );
    if (route.auth === 'none') acknowledgePublicMethod(method, route);
    functionOfPath.set(route.path, fn);
  }
  for (const [path, fn] of functionOfPath) methodNotAllowedVia(api.root.resourceForPath(path), fn);
  addGatewayResponses(api);

  const usagePlan = api.addUsagePlan('UsagePlan', {
    name: 'chatbot-utility-api',
    description: 'Per-key throttle backstop; the exact per-minute quota is enforced by the functions',
    throttle: settings.throttle,
    apiStages: [{ api, stage: api.deploymentStage }],
  });
  return { api, usagePlan };
}
