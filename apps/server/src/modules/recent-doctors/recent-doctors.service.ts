import type { DoctorListItem } from '@crm/shared';
import { requireSignedIn } from '#server/core/access.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { toDoctorListItem } from '#server/modules/doctors/doctors.mapper.ts';
import type { DoctorsRepository } from '#server/modules/doctors/doctors.repository.ts';
import type { RecentDoctorsRepository } from './recent-doctors.repository.ts';

/** Each user's recently viewed doctors: theirs alone, most recent first. */
export class RecentDoctorsService {
  constructor(
    private readonly deps: { db: Db; recent: RecentDoctorsRepository; doctors: DoctorsRepository; clock: Clock },
  ) {}

  async list(auth: AuthContext): Promise<DoctorListItem[]> {
    requireSignedIn(auth);
    const ids = await this.deps.recent.ids(this.deps.db, auth.user.id);
    const rows = await this.deps.doctors.listItems(this.deps.db, ids, auth.user.id);
    const recent = new Set(ids);
    return rows.map((row) => toDoctorListItem(row, recent));
  }

  ids(auth: AuthContext): Promise<string[]> {
    requireSignedIn(auth);
    return this.deps.recent.ids(this.deps.db, auth.user.id);
  }

  async add(auth: AuthContext, doctorId: string): Promise<void> {
    requireSignedIn(auth);
    if (!(await this.deps.doctors.findById(this.deps.db, doctorId))) {
      throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notFound' });
    }
    await this.deps.db
      .transaction()
      .execute((trx) => this.deps.recent.record(trx, auth.user.id, doctorId, isoNow(this.deps.clock)));
  }

  async remove(auth: AuthContext, doctorId: string): Promise<void> {
    requireSignedIn(auth);
    if ((await this.deps.recent.remove(this.deps.db, auth.user.id, doctorId)) === 0) {
      throw new AppError('NOT_FOUND', {}, { messageKey: 'doctors.notRecent' });
    }
  }

  clear(auth: AuthContext): Promise<void> {
    requireSignedIn(auth);
    return this.deps.recent.clear(this.deps.db, auth.user.id);
  }
}
