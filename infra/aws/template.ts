// Reading a synthesized template (plain JSON, no aws-cdk-lib): resources, references, and the
// identity-policy statements a role holds. Shared by the infra tests and the local runtime.

export interface Resource {
  readonly Type: string;
  readonly Properties?: Record<string, any>;
  readonly Metadata?: Record<string, any>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}
export type Resources = Record<string, Resource>;

/** The logical id behind `{ Ref: id }` or `{ 'Fn::GetAtt': [id, attr] }`. */
export const target = (value: any): string => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

export interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

export const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The statements a role holds: inline, in policies attached to it, in managed policies of the template it carries. */
export function roleStatements(resources: Resources, roleId: string): Statement[] {
  const role = resources[roleId]!;
  const inline = (role.Properties!.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement as Statement[]);
  const attached = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => target(x) === roleId))
    .flatMap((r) => r.Properties!.PolicyDocument.Statement as Statement[]);
  const managed = list(role.Properties!.ManagedPolicyArns)
    .map((arn) => resources[target(arn)])
    .filter((r): r is Resource => r?.Type === 'AWS::IAM::ManagedPolicy')
    .flatMap((r) => r.Properties!.PolicyDocument.Statement as Statement[]);
  return [...inline, ...attached, ...managed];
}
