import type { Repositories } from '../../repositories.js';
import type { PersonalDataSeal } from './personal-data-seal.js';

const BATCH = 200;

/**
 * The upgrade to sealed numbers (issue 30; migration 0022): numbers an earlier release
 * kept in clear are sealed and indexed, a batch at a time, at every start until none is
 * left (then it is one indexed query), before the server answers. SQL cannot do it: the
 * key is not the database's to use. Instances starting together may both try a row;
 * the write is conditional, so one seals it.
 */
export async function sealClearMobiles(
  { users }: Pick<Repositories, 'users'>,
  personalData: PersonalDataSeal,
): Promise<number> {
  let sealed = 0;
  for (;;) {
    const batch = await users.clearMobiles(BATCH);
    for (const { id, mobile } of batch) {
      await users.sealMobile(id, mobile, await personalData.sealMobile(mobile));
    }
    sealed += batch.length;
    if (batch.length < BATCH) return sealed;
  }
}
