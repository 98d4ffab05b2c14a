import type { AuditTargetKind } from '@cityops/contract';
import type { PolicyAction, PolicyTargets, RecordTarget } from './policy-targets.js';

type RefusalTarget = { kind: AuditTargetKind; id: string | number; name?: string | null };

const user = (target: { id: number | null; username: string }): RefusalTarget => ({
  kind: 'user',
  id: target.id ?? '',
  name: target.username,
});

const record = (target: RecordTarget): RefusalTarget => ({
  kind: target.kind,
  id: target.id ?? '',
  ...(target.name === null ? {} : { name: target.name }),
});

/**
 * How the trail names the target of each refused action: one entry per action, so a
 * new action without one does not compile (no fallback that names it wrongly).
 */
const refusalTargets: { [A in PolicyAction]: (target: PolicyTargets[A]) => RefusalTarget } = {
  'user.read': user,
  'user.create': user,
  'user.edit': user,
  'user.move': user,
  'user.grant': user,
  'user.disable': user,
  'user.enable': user,
  'user.reset-password': user,
  'user.unlock': user,
  'user.factor-reset': user,
  'user.end-sessions': user,
  'own.profile': user,
  'own.password': user,
  'own.factor': user,
  'own.sessions': user,
  'unit.create': (unit) => ({ kind: 'unit', id: '', name: unit.name }),
  'unit.update': (unit) => ({ kind: 'unit', id: unit.id, name: unit.name }),
  'unit.delete': (unit) => ({ kind: 'unit', id: unit.id, name: unit.name }),
  'department.create': (department) => ({ kind: 'department', id: '', name: department.name }),
  'department.update': (department) => ({
    kind: 'department',
    id: department.id,
    name: department.name,
  }),
  'department.delete': (department) => ({
    kind: 'department',
    id: department.id,
    name: department.name,
  }),
  'guide.article.read': (article) => ({ kind: 'article', id: article.id }),
  'content.write': record,
  'role.create': (role) => ({ kind: 'role', id: role.id, name: role.name }),
  'role.update': (role) => ({ kind: 'role', id: role.id, name: role.name }),
  'role.delete': (role) => ({ kind: 'role', id: role.id, name: role.name }),
  'menu.write': (entry) => ({ kind: 'menu', id: entry.id ?? '', name: entry.code }),
  'platform.write': record,
  'message.send': (message) => ({ kind: 'message', id: '', name: message.title }),
  'message.withdraw': (message) => ({ kind: 'message', id: message.id, name: message.title }),
};

/** Every action the policy decides (a test holds each to its words on the trail). */
export const POLICY_ACTIONS = Object.keys(refusalTargets) as PolicyAction[];

export function refusalTargetOf<A extends PolicyAction>(
  action: A,
  target: PolicyTargets[A],
): RefusalTarget {
  return refusalTargets[action](target);
}
