import { useSearchParams } from 'react-router';
import { SubsystemSignIn } from '@/features/sso/components/subsystem-sign-in';
import { links, paths } from '@/lib/paths';
import { signOut } from '../sign-out';

/** `/sso?uid=`: a subsystem's sign-in through the platform (docs/subsystems.md). */
export function Component() {
  const [search] = useSearchParams();
  const uid = search.get('uid');
  return (
    <SubsystemSignIn
      uid={uid}
      // prompt=login or max_age: the platform session ends and the person signs in
      // afresh, then comes back here to finish (issue 32).
      onSignInAgain={() =>
        void signOut({
          revoke: true,
          reason: 'signInAgain',
          to: links.login(`${paths.sso}?uid=${encodeURIComponent(uid ?? '')}`),
        })
      }
    />
  );
}
