import { Duration } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  RequestAuthorizer,
  RestApi,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { BINARY_MEDIA_TYPES } from '../../shared/http/binaryMedia';
import { methodsOn, routeList } from '../../shared/routes/table';
import type { FunctionGroup } from '../../shared/routes/table';
import { addGatewayResponses, methodNotAllowedMock, probeMock } from './gatewayAnswers';
import { logGroup, type LogSettings } from './logGroups';
import { methodSettings, STAGE_LOGGING, type Throttle } from './methodSettings';
import { usagePlanName } from './dashboardAccess';
import { acknowledgeGatewayInvokePermissions, acknowledgeStageFindings } from './guardAcknowledgements';
import { acknowledgePublicMethod } from './nagAcknowledgements';

export interface ApiSettings {
  functions: Map<FunctionGroup, IFunction>;
  authorizer: IFunction;
  /** Seconds API Gateway caches an authorizer result per Authorization header (0 = off). */
  authorizerCacheTtl: number;
  /** Usage-plan throttle per API key: the coarse backstop in front of the exact per-minute limiter. */
  throttle: Throttle;
  /** Each public route's own throttle (auth 'none': no key, so no usage plan bounds it), the relay's excepted. */
  publicThrottle: Throttle;
  /** The relay route's own throttle. */
  relayThrottle: Throttle;
  /** The stage's default: every method without a throttle of its own. */
  stageThrottle: Throttle;
  logs: LogSettings;
}

export interface ChatbotRestApi {
  api: RestApi;
  usagePlan: UsagePlan;
}

const STAGE_NAME = 'prod';

/** The REST API, its resources and methods all derived from the route table. */
export function chatbotRestApi(scope: Construct, settings: ApiSettings): ChatbotRestApi {
  const accessLogs = logGroup(scope, 'ApiAccessLogs', settings.logs);
  const api = new RestApi(scope, 'Api', {
    restApiName: 'chatbot-utility-api',
    description: 'Chat-bot utility API: SVG images, bot information, webhook relay',
    endpointTypes: [EndpointType.REGIONAL],
    apiKeySourceType: ApiKeySourceType.AUTHORIZER,
    binaryMediaTypes: BINARY_MEDIA_TYPES,
    cloudWatchRole: true,
    deployOptions: {
      stageName: STAGE_NAME,
      // No X-Ray on the stage: its segments keep each request's URL for 30 days, and /webhooks
      // URLs carry Discord webhook tokens. The functions trace themselves (without URLs).
      tracingEnabled: false,
      ...STAGE_LOGGING,
      throttlingRateLimit: settings.stageThrottle.rateLimit,
      throttlingBurstLimit: settings.stageThrottle.burstLimit,
      methodOptions: methodSettings(routeList, { public: settings.publicThrottle, relay: settings.relayThrottle }),
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      // resourcePath is the route's template (/webhooks/{id}/{token}/...), never the request's path.
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

  // API Gateway writes the execution log (errors) to this group, and would otherwise create it
  // itself, unencrypted and kept forever; it must exist before the stage logs anything.
  const stage = api.deploymentStage;
  stage.node.addDependency(
    logGroup(scope, 'ApiExecutionLogs', settings.logs, `API-Gateway-Execution-Logs_${api.restApiId}/${STAGE_NAME}`),
  );
  acknowledgeStageFindings(stage);

  const authorizer = new RequestAuthorizer(scope, 'KeyAuthorizer', {
    handler: settings.authorizer,
    identitySources: [IdentitySource.header('Authorization')],
    resultsCacheTtl: Duration.seconds(settings.authorizerCacheTtl),
  });

  for (const route of routeList) {
    const fn = settings.functions.get(route.group);
    if (!fn) throw new Error(`no function for group ${route.group}`);
    const resource = api.root.resourceForPath(route.path);
    const method = resource.addMethod(
      route.method,
      new LambdaIntegration(fn, { allowTestInvoke: false }),
      route.auth === 'apiKey'
        ? { authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true }
        : { authorizationType: AuthorizationType.NONE },
    );
    if (route.auth !== 'apiKey') acknowledgePublicMethod(method, route);
  }
  for (const path of new Set(routeList.map((route) => route.path))) {
    const methods = methodsOn(path);
    if (methods.includes('HEAD')) probeMock(api.root.resourceForPath(path));
    methodNotAllowedMock(api.root.resourceForPath(path), methods);
  }
  addGatewayResponses(api);
  acknowledgeGatewayInvokePermissions(api, settings.authorizer);

  const usagePlan = api.addUsagePlan('UsagePlan', {
    name: usagePlanName(scope),
    description: 'Per-key throttle backstop; the exact per-minute quota is enforced by the functions',
    throttle: settings.throttle,
    apiStages: [{ api, stage }],
  });
  return { api, usagePlan };
}
