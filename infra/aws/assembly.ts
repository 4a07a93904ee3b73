// Reading a synthesized cloud assembly back: the stack's template with its nested stacks merged
// in. Used by the infra tests and by the local runtime, which runs what the template describes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestedStack, type CfnResource, type Stack } from 'aws-cdk-lib';

/**
 * The stack with its nested stacks' resources merged in, as one template: a nested stack's
 * parameters are replaced by what the parent passes, and the parent's reads of a nested
 * output by the output's value, so references lead to the resources themselves.
 */
export function flatten(stack: Stack, dir: string, parent: any): any {
  const merged = structuredClone(parent);
  for (const nested of stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))) {
    const id = stack.getLogicalId(nested.nestedStackResource as CfnResource);
    const params: Record<string, unknown> = merged.Resources[id].Properties.Parameters ?? {};
    const child = substitute(JSON.parse(readFileSync(join(dir, nested.templateFile), 'utf8')), (v) => (typeof v.Ref === 'string' && v.Ref in params ? params[v.Ref] : undefined));
    Object.assign(merged.Resources, child.Resources);
    const outputs: Record<string, { Value: unknown }> = child.Outputs ?? {};
    const read = (v: any) => {
      const att = v['Fn::GetAtt'];
      return Array.isArray(att) && att[0] === id && String(att[1]).startsWith('Outputs.') ? outputs[String(att[1]).slice('Outputs.'.length)]?.Value : undefined;
    };
    merged.Resources = substitute(merged.Resources, read);
    merged.Outputs = substitute(merged.Outputs ?? {}, read);
  }
  return merged;
}

function substitute(value: any, replace: (v: any) => unknown): any {
  if (Array.isArray(value)) return value.map((v) => substitute(v, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, replace)]));
}
