import type { RemovalPolicy } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement, type IPrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';

/**
 * Managing a key, never using it. The account (so its IAM administrators, and CloudFormation
 * deploying this stack) keeps exactly these, and nothing else: KMS refuses a policy that would
 * lock its author out, and a key nobody may manage can only be rescued by AWS support. Left out
 * on purpose: kms:CreateGrant and every cryptographic action, so an IAM policy allowing
 * kms:Decrypt on "*" does not reach these keys; who may encrypt or decrypt is named in the key
 * policy itself (allowKeyUse, allowServiceUse).
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

/** A rotated customer key whose policy grants the account administration only (see KEY_ADMIN_ACTIONS). */
export function administeredKey(scope: Construct, id: string, description: string, removalPolicy: RemovalPolicy): Key {
  const policy = new PolicyDocument({
    statements: [new PolicyStatement({ sid: 'KeyAdministration', principals: [new AccountRootPrincipal()], actions: KEY_ADMIN_ACTIONS, resources: ['*'] })],
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
