import type { RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRootPrincipal,
  Effect,
  PolicyDocument,
  PolicyStatement,
  StarPrincipal,
  type IPrincipal,
  type IRole,
} from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

/**
 * Managing a key, never using it: the account keeps these so nobody is locked out of the key (KMS
 * refuses such a policy). No kms:CreateGrant or cryptographic action, so an IAM policy allowing
 * kms:Decrypt on "*" does not reach these keys; the key policy names who may use them.
 */
export const KEY_ADMIN_ACTIONS = [
  'kms:DescribeKey',
  'kms:GetKeyPolicy',
  'kms:PutKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:EnableKeyRotation',
  'kms:DisableKeyRotation',
  'kms:EnableKey',
  'kms:DisableKey',
  'kms:UpdateKeyDescription',
  'kms:ListResourceTags',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ListGrants',
  'kms:RevokeGrant',
  'kms:ListKeyPolicies',
  'kms:CreateAlias',
  'kms:UpdateAlias',
  'kms:DeleteAlias',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
];

/**
 * No grants but an AWS service's, whatever a later statement allows: a grant would let its holder
 * use the key outside the policy (AWS Control Tower's CT.KMS.PR.3). None of the stack's own uses
 * takes a grant.
 */
const onlyServiceGrants = () =>
  new PolicyStatement({
    sid: 'GrantsOnlyForAwsServices',
    effect: Effect.DENY,
    principals: [new StarPrincipal()],
    actions: ['kms:CreateGrant'],
    resources: ['*'],
    conditions: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
  });

/**
 * A rotated customer key whose policy grants the account administration only
 * (see KEY_ADMIN_ACTIONS), and refuses grants to anyone but AWS services.
 */
export function administeredKey(scope: Construct, id: string, description: string, removalPolicy: RemovalPolicy): Key {
  const policy = new PolicyDocument({
    statements: [
      new PolicyStatement({
        sid: 'KeyAdministration',
        principals: [new AccountRootPrincipal()],
        actions: KEY_ADMIN_ACTIONS,
        resources: ['*'],
      }),
      onlyServiceGrants(),
    ],
  });
  return new Key(scope, id, { description, enableKeyRotation: true, removalPolicy, policy });
}

/**
 * Lets a role use the key for exactly these actions: named in the key policy (the account does
 * not delegate use to IAM) and in the role's own policy.
 */
export function allowKeyUse(key: Key, role: IRole, actions: string[]): void {
  key.addToResourcePolicy(new PolicyStatement({ principals: [role], actions, resources: ['*'] }));
  key.grant(role, ...actions);
}

/** Lets principals outside the stack (operators' roles, by ARN) use the key in the key policy. */
export function allowPrincipalsUse(key: Key, principals: IPrincipal[], actions: string[]): void {
  if (principals.length > 0) key.addToResourcePolicy(new PolicyStatement({ principals, actions, resources: ['*'] }));
}
