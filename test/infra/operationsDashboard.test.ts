import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { API_METRICS } from '../../shared/observability/metrics';
import { dashboardName, metricsNamespace } from '../../infra/cdk/observability';
import type { ChatbotApiStack } from '../../infra/cdk/stack';
import { resourcesOf, synthStack } from './synth';

let template: Template;
let stack: ChatbotApiStack;
let body: string;

beforeAll(() => {
  ({ template, stack } = synthStack());
  const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
  // The body is a Fn::Join of strings and references: its strings, joined, hold every widget's text.
  const parts = (dashboard?.Properties.DashboardBody['Fn::Join'][1] ?? []) as unknown[];
  body = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
});

describe('the operations dashboard', () => {
  test('one dashboard, named for the stack, its URL a stack output', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const [dashboard] = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboard?.Properties.DashboardName).toBe(dashboardName(stack));
    const output = template.findOutputs('CloudWatchDashboardUrl').CloudWatchDashboardUrl;
    const url = JSON.stringify(output?.Value);
    expect(url).toContain('.console.aws.amazon.com/cloudwatch/home?region=');
    expect(url).toContain(`#dashboards:name=${dashboardName(stack)}`);
  });

  test.each(Object.values(API_METRICS))("graphs the functions' metric %s in the stack's namespace", (name) => {
    expect(body).toContain(`MetricName=\\"${name}\\"`);
    expect(body).toContain(`\\"${metricsNamespace(stack)}\\"`);
  });

  test("graphs API Gateway's count, 4xx, 5xx and latency, and Lambda's metrics for every function", () => {
    for (const metric of ['"Count"', '"4XXError"', '"5XXError"', '"Latency"']) expect(body).toContain(metric);
    const functions = Object.keys(resourcesOf(template, 'AWS::Lambda::Function'));
    for (const metric of ['Invocations', 'Errors', 'Duration', 'Throttles']) {
      const graphed = body.split(`"AWS/Lambda","${metric}"`).length - 1;
      expect(graphed).toBe(functions.length);
    }
  });

  test('shows the status of every alarm of the stack', () => {
    const alarms = Object.keys(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(8);
    expect(body).toContain('"type":"alarm"');
    for (const alarm of alarms) expect(body).toContain(`{"Fn::GetAtt":["${alarm}","Arn"]}`);
  });

  test("every function has the metrics' namespace and active tracing", () => {
    const functions = Object.values(resourcesOf(template, 'AWS::Lambda::Function'));
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(metricsNamespace(stack));
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });
});
