import { useSearchParams } from 'react-router';
import { SubsystemSignIn } from '@/features/sso/components/subsystem-sign-in';

/** `/sso?uid=`: a subsystem's sign-in through the platform (docs/subsystems.md). */
export function Component() {
  const [search] = useSearchParams();
  return <SubsystemSignIn uid={search.get('uid')} />;
}
