import {
  type BulkCreateItem,
  type BulkCreateResult,
  type CreateUserBody,
  type CreateUserResult,
  type InvitationResult,
  type Language,
  type ManageesBody,
  type OrgChartUser,
  type PermissionsBody,
  type ProductsBody,
  SIMPLE_EMAIL_PATTERN,
  type UpdateUserBody,
  type UserCandidateQuery,
  type UserDetail,
  type UserEmail,
  type UserEmailSearchQuery,
  type UserList,
  type UserListQuery,
  type UserRef,
  searchTerms,
} from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import { requireAdmin, requireSignedIn } from '#server/core/access.ts';
import { AppError, validationError } from '#server/core/app-error.ts';
import { type Clock, isoNow } from '#server/core/clock.ts';
import { translate } from '#server/http/i18n.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { SessionsRepository } from '#server/modules/auth/sessions.repository.ts';
import { auditUser, changedFields } from '#server/modules/logs/audit.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { PasswordLinksService } from '#server/modules/password-links/password-links.service.ts';
import { userSearchText } from './user-search.ts';
import { nameOf, toOrgChartUser, toUserDetail, toUserEmail, toUserRef, toUserSummary } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

type UsersServiceDeps = {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  logs: LogsRepository;
  mail: MailService;
  links: PasswordLinksService;
  clock: Clock;
};

type NamedUser = {
  id: string;
  email: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** Who invites, as the invitation e-mail names them. */
const inviterName = ({ user }: AuthContext): string =>
  user.displayName ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.email);

const userNotFound = () => new AppError('NOT_FOUND', {}, { messageKey: 'users.notFound' });
const hierarchyRefused = (messageKey: string, field: string, user?: NamedUser) =>
  new AppError(
    'CONFLICT',
    { name: user ? (nameOf(user) ?? user.email) : '' },
    { messageKey, fields: { [field]: messageKey } },
  );
const emailTaken = () =>
  new AppError('CONFLICT', {}, { messageKey: 'users.emailTaken', fields: { email: 'users.emailTaken' } });

/** The administration of users (spec 001 §6: admins only, except the recipient search). */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /** GET /api/users: a page of users matching the search, by first and last name. */
  async list(auth: AuthContext, query: UserListQuery): Promise<UserList> {
    requireAdmin(auth);
    const terms = searchTerms(query.search);
    const [rows, total] = await Promise.all([
      this.deps.users.list(this.deps.db, terms, (query.page - 1) * query.limit, query.limit),
      this.deps.users.countMatching(this.deps.db, terms),
    ]);
    return { users: rows.map(toUserSummary), total };
  }

  /** GET /api/users/org-chart: every user and their manager; the client builds the tree. */
  async orgChart(auth: AuthContext): Promise<OrgChartUser[]> {
    requireAdmin(auth);
    return (await this.deps.users.orgChart(this.deps.db)).map(toOrgChartUser);
  }

  /** GET /api/users/{id} */
  async detail(auth: AuthContext, id: string): Promise<UserDetail> {
    requireAdmin(auth);
    return this.readDetail(this.deps.db, id);
  }

  /** GET /api/users/{id}/manager-candidates: anyone but the user and the people below them. */
  async managerCandidates(auth: AuthContext, id: string, query: UserCandidateQuery): Promise<UserRef[]> {
    requireAdmin(auth);
    await this.requireUser(this.deps.db, id);
    const rows = await this.deps.users.managerCandidates(this.deps.db, id, searchTerms(query.search), query.limit);
    return rows.map(toUserRef);
  }

  /** GET /api/users/{id}/managee-candidates: not the user, not above them, not managed by someone else. */
  async manageeCandidates(auth: AuthContext, id: string, query: UserCandidateQuery): Promise<UserRef[]> {
    requireAdmin(auth);
    await this.requireUser(this.deps.db, id);
    const rows = await this.deps.users.manageeCandidates(this.deps.db, id, searchTerms(query.search), query.limit);
    return rows.map(toUserRef);
  }

  /**
   * GET /api/users/emails: the mailbox's recipient search, open to every signed-in user, answering addresses and
   * names only. Every typed word must start a word of the user's names or address.
   */
  async searchEmails(auth: AuthContext, query: UserEmailSearchQuery): Promise<UserEmail[]> {
    requireSignedIn(auth);
    const terms = searchTerms(query.search);
    if (terms.length === 0) return [];
    const rows = await this.deps.users.searchEmails(this.deps.db, terms, query.limit);
    return rows.map(toUserEmail);
  }

  /** POST /api/users: creates the user (or restores a deleted one, decision 0028) and sends the invitation. */
  async create(auth: AuthContext, body: CreateUserBody, language: Language): Promise<CreateUserResult> {
    requireAdmin(auth);
    const email = body.email.trim().toLowerCase();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const outcome = await this.createOne(
        trx,
        auth,
        email,
        { isAdmin: body.isAdmin ?? false, readWrite: body.readWrite ?? false },
        language,
      );
      if (outcome === 'exists') throw emailTaken();
      return outcome.id;
    });
    this.deps.mail.wake();
    const user = await this.deps.users.findSummary(this.deps.db, id);
    if (!user) throw userNotFound();
    const delivery = this.deps.mail.deliveryMode;
    return {
      message: translate(language, delivery === 'log' ? 'users.createdLogged' : 'users.created', { email }),
      user: toUserSummary(user),
      delivery,
    };
  }

  /**
   * POST /api/users/bulk: one result per address, in the order given: created (with its invitation), invalid,
   * or already existing (a user, or earlier in the list). Created users are not admins and read only.
   */
  async bulkCreate(auth: AuthContext, emails: readonly string[], language: Language): Promise<BulkCreateResult> {
    requireAdmin(auth);
    const results = await this.deps.db.transaction().execute(async (trx) => {
      const seen = new Set<string>();
      const items: BulkCreateItem[] = [];
      for (const given of emails) {
        const email = given.toLowerCase();
        if (!SIMPLE_EMAIL_PATTERN.test(email) || email.length > 254) {
          items.push({
            email: given,
            status: 'error',
            outcome: 'invalid',
            message: translate(language, 'users.itemInvalid'),
          });
          continue;
        }
        if (seen.has(email)) {
          items.push({
            email: given,
            status: 'error',
            outcome: 'exists',
            message: translate(language, 'users.itemDuplicate'),
          });
          continue;
        }
        seen.add(email);
        const outcome = await this.createOne(trx, auth, email, { isAdmin: false, readWrite: false }, language);
        items.push(
          outcome === 'exists'
            ? { email: given, status: 'error', outcome: 'exists', message: translate(language, 'users.itemExists') }
            : {
                email,
                status: 'success',
                outcome: 'created',
                message: translate(language, 'users.itemCreated'),
                userId: outcome.id,
              },
        );
      }
      return items;
    });
    const created = results.filter((item) => item.status === 'success').length;
    const failed = results.length - created;
    if (created > 0) this.deps.mail.wake();
    const delivery = this.deps.mail.deliveryMode;
    const message = [
      translate(language, 'users.bulkCreated', { count: created }),
      ...(failed > 0 ? [translate(language, 'users.bulkFailed', { count: failed })] : []),
      ...(created > 0 && delivery === 'log' ? [translate(language, 'users.bulkLogged')] : []),
    ].join(' ');
    return { results, created, failed, message, delivery };
  }

  /** PUT /api/users/{id}: the personal information, or the manager (never oneself nor someone below). */
  async update(auth: AuthContext, id: string, body: UpdateUserBody): Promise<UserDetail> {
    requireAdmin(auth);
    const { db, users, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      if (body.managerId !== undefined) await users.lockHierarchy(trx);
      const user = await this.requireUser(trx, id);
      const now = isoNow(clock);
      if (body.email !== undefined) {
        const email = body.email.trim().toLowerCase();
        const firstName = body.firstName?.trim() ?? '';
        const lastName = body.lastName?.trim() ?? '';
        const displayName = body.displayName?.trim() ? body.displayName.trim() : `${firstName} ${lastName}`;
        if (email !== user.email) {
          const holder = await users.findByEmail(trx, email);
          if (holder && holder.id !== id) throw emailTaken();
        }
        const after = { email, first_name: firstName, last_name: lastName, display_name: displayName };
        const changes = changedFields(
          { email: user.email, firstName: user.first_name, lastName: user.last_name, displayName: user.display_name },
          { email, firstName, lastName, displayName },
        );
        if (Object.keys(changes).length > 0) {
          await users.update(trx, id, { ...after, search_text: userSearchText(after), updated_at: now });
          await logs.record(trx, {
            action: 'update',
            entityType: 'user',
            entityId: id,
            metadata: { email, firstName, lastName },
            changes,
            user: auditUser(auth),
          });
        }
      }
      if (body.managerId !== undefined) await this.changeManager(trx, auth, user, body.managerId, now);
    });
    return this.readDetail(db, id);
  }

  /** PATCH /api/users/{id}/permissions: counts from the user's next request (the session check reads them). */
  async setPermissions(auth: AuthContext, id: string, body: PermissionsBody): Promise<UserDetail> {
    requireAdmin(auth);
    const { db, users, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      // Two admins demoting each other at once must not leave none: the lock orders them.
      await users.lockHierarchy(trx);
      const user = await this.requireUser(trx, id);
      if (user.is_admin === 1 && !body.isAdmin && (await users.countAdmins(trx)) <= 1) {
        throw new AppError('CONFLICT', {}, { messageKey: 'users.lastAdmin', fields: { isAdmin: 'users.lastAdmin' } });
      }
      const changes = changedFields(
        { isAdmin: user.is_admin === 1, readWrite: user.read_write === 1 },
        { isAdmin: body.isAdmin, readWrite: body.readWrite },
      );
      if (Object.keys(changes).length === 0) return;
      await users.update(trx, id, {
        is_admin: body.isAdmin ? 1 : 0,
        read_write: body.readWrite ? 1 : 0,
        updated_at: isoNow(clock),
      });
      await logs.record(trx, {
        action: 'update_permissions',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email },
        changes,
        user: auditUser(auth),
      });
    });
    return this.readDetail(db, id);
  }

  /**
   * PATCH /api/users/{id}/managees: the complete list of the user's managees. Each must exist, not be the user,
   * not be above them, and have no other manager; users left out of the list lose this manager.
   */
  async setManagees(auth: AuthContext, id: string, body: ManageesBody): Promise<UserDetail> {
    requireAdmin(auth);
    const { db, users, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      await users.lockHierarchy(trx);
      const user = await this.requireUser(trx, id);
      const wanted = [...new Set(body.manageeIds)];
      if (wanted.includes(id)) throw hierarchyRefused('users.selfManagee', 'manageeIds');
      const found = await users.findActiveByIds(trx, wanted);
      if (found.length !== wanted.length) {
        throw validationError({ manageeIds: 'users.manageeNotFound' });
      }
      const ancestors = new Set(await users.ancestorIds(trx, id));
      for (const managee of found) {
        if (ancestors.has(managee.id)) throw hierarchyRefused('users.manageeIsAncestor', 'manageeIds', managee);
        if (managee.manager_id !== null && managee.manager_id !== id) {
          throw hierarchyRefused('users.manageeHasManager', 'manageeIds', managee);
        }
      }
      const current = await users.findManagees(trx, id);
      const wantedIds = new Set(wanted);
      const removed = current.filter((managee) => !wantedIds.has(managee.id));
      const added = found.filter((managee) => managee.manager_id !== id);
      if (removed.length === 0 && added.length === 0) return;
      const now = isoNow(clock);
      await users.setManager(
        trx,
        removed.map((managee) => managee.id),
        null,
        now,
      );
      await users.setManager(
        trx,
        added.map((managee) => managee.id),
        id,
        now,
      );
      const emails = (list: { email: string }[]) => list.map((item) => item.email).sort();
      await logs.record(trx, {
        action: 'update_managees',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email },
        changes: {
          managees: {
            before: emails(current),
            after: emails([...current.filter((managee) => wantedIds.has(managee.id)), ...added]),
          },
        },
        user: auditUser(auth),
      });
      for (const [managee, before, after] of [
        ...removed.map((managee) => [managee, user.email, null] as const),
        ...added.map((managee) => [managee, null, user.email] as const),
      ]) {
        await logs.record(trx, {
          action: 'update_manager',
          entityType: 'user',
          entityId: managee.id,
          metadata: { email: managee.email },
          changes: { manager: { before, after } },
          user: auditUser(auth),
        });
      }
    });
    return this.readDetail(db, id);
  }

  /** POST /api/users/{id}/products: the complete list of the user's products (active or not). */
  async setProducts(auth: AuthContext, id: string, body: ProductsBody): Promise<UserDetail> {
    requireAdmin(auth);
    const { db, users, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      const user = await this.requireUser(trx, id);
      const wanted = [...new Set(body.productIds)];
      const existing = await users.existingProductIds(trx, wanted);
      if (existing.length !== wanted.length) throw validationError({ productIds: 'users.productNotFound' });
      const before = await users.productsOf(trx, id);
      const beforeIds = new Set(before.map((product) => product.id));
      if (before.length === wanted.length && wanted.every((productId) => beforeIds.has(productId))) return;
      await users.removeProducts(trx, id);
      await users.addProducts(trx, id, wanted);
      await users.update(trx, id, { updated_at: isoNow(clock) });
      const after = await users.productsOf(trx, id);
      await logs.record(trx, {
        action: 'update_products',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email },
        changes: {
          products: { before: before.map((product) => product.name), after: after.map((product) => product.name) },
        },
        user: auditUser(auth),
      });
    });
    return this.readDetail(db, id);
  }

  /** POST /api/users/{id}/invitation: a new link to choose a password; the earlier links stop working. */
  async resendInvitation(auth: AuthContext, id: string, language: Language): Promise<InvitationResult> {
    requireAdmin(auth);
    const { db, logs } = this.deps;
    const email = await db.transaction().execute(async (trx) => {
      const user = await this.requireUser(trx, id);
      const purpose = user.password_hash === null ? 'invitation' : 'reset';
      await this.deps.links.issue(trx, user, purpose, language, inviterName(auth));
      await logs.record(trx, {
        action: 'send_password_link',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email, purpose },
        user: auditUser(auth),
      });
      return user.email;
    });
    this.deps.mail.wake();
    const delivery = this.deps.mail.deliveryMode;
    return {
      message: translate(language, delivery === 'log' ? 'users.linkLogged' : 'users.linkSent', { email }),
      delivery,
    };
  }

  /**
   * DELETE /api/users/{id}: a soft delete (docs/decisions/0028). The user can no longer sign in and their
   * sessions end now; their managees move to the deleted user's own manager; what they did stays theirs.
   */
  async delete(auth: AuthContext, id: string): Promise<void> {
    requireAdmin(auth);
    if (id === auth.user.id) throw new AppError('CONFLICT', {}, { messageKey: 'users.cannotDeleteSelf' });
    const { db, users, sessions, logs, clock } = this.deps;
    await db.transaction().execute(async (trx) => {
      await users.lockHierarchy(trx);
      const user = await this.requireUser(trx, id);
      const now = isoNow(clock);
      const managees = await users.findManagees(trx, id);
      await users.moveManagees(trx, id, user.manager_id, now);
      await users.markDeleted(trx, id, now);
      await sessions.revokeAllOf(trx, id, now);
      await logs.record(trx, {
        action: 'delete',
        entityType: 'user',
        entityId: id,
        metadata: { email: user.email, firstName: user.first_name, lastName: user.last_name },
        ...(managees.length > 0 && {
          changes: {
            managees: { before: managees.map((managee) => managee.email), after: [] },
            manageesMovedTo: { before: id, after: user.manager_id },
          },
        }),
        user: auditUser(auth),
      });
    });
  }

  private async requireUser(db: Db, id: string) {
    const user = await this.deps.users.findActive(db, id);
    if (!user) throw userNotFound();
    return user;
  }

  private async readDetail(db: Db, id: string): Promise<UserDetail> {
    const { users } = this.deps;
    const row = await users.findSummary(db, id);
    if (!row) throw userNotFound();
    const [manager, managees, products] = await Promise.all([
      row.manager_id ? users.findActive(db, row.manager_id) : Promise.resolve(undefined),
      users.findManagees(db, id),
      users.productsOf(db, id),
    ]);
    return toUserDetail(row, { manager, managees, products });
  }

  private async changeManager(
    trx: Db,
    auth: AuthContext,
    user: NamedUser & { manager_id: string | null },
    managerId: string | null,
    now: string,
  ): Promise<void> {
    const { users, logs } = this.deps;
    if (managerId === user.manager_id) return;
    let manager: NamedUser | undefined;
    if (managerId !== null) {
      if (managerId === user.id) throw hierarchyRefused('users.selfManager', 'managerId');
      manager = await users.findActive(trx, managerId);
      if (!manager) throw validationError({ managerId: 'users.managerNotFound' });
      const below = new Set(await users.descendantIds(trx, user.id));
      if (below.has(managerId)) throw hierarchyRefused('users.managerCycle', 'managerId', manager);
    }
    const previous = user.manager_id ? await users.findActive(trx, user.manager_id) : undefined;
    await users.setManager(trx, [user.id], managerId, now);
    await logs.record(trx, {
      action: 'update_manager',
      entityType: 'user',
      entityId: user.id,
      metadata: { email: user.email },
      changes: { manager: { before: previous?.email ?? null, after: manager?.email ?? null } },
      user: auditUser(auth),
    });
  }

  /** One address of a creation: 'exists' when an active user has it; a deleted one is restored (decision 0028). */
  private async createOne(
    trx: Db,
    auth: AuthContext,
    email: string,
    rights: { isAdmin: boolean; readWrite: boolean },
    language: Language,
  ): Promise<'exists' | { id: string }> {
    const { users, logs, clock } = this.deps;
    const holder = await users.findByEmail(trx, email);
    if (holder && holder.deleted_at === null) return 'exists';
    const now = isoNow(clock);
    const rightsColumns = { is_admin: rights.isAdmin ? 1 : 0, read_write: rights.readWrite ? 1 : 0 };
    let id: string;
    if (holder) {
      id = holder.id;
      await users.update(trx, id, {
        ...rightsColumns,
        deleted_at: null,
        password_hash: null,
        manager_id: null,
        updated_at: now,
      });
    } else {
      id = newId();
      const names = { email, first_name: null, last_name: null, display_name: null };
      await users.insert(trx, {
        id,
        ...names,
        search_text: userSearchText(names),
        password_hash: null,
        ...rightsColumns,
        manager_id: null,
        last_login: null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
    }
    await this.deps.links.issue(trx, { id, email }, 'invitation', language, inviterName(auth));
    await logs.record(trx, {
      action: holder ? 'restore' : 'create',
      entityType: 'user',
      entityId: id,
      metadata: { email },
      changes: changedFields({}, { email, isAdmin: rights.isAdmin, readWrite: rights.readWrite }),
      user: auditUser(auth),
    });
    return { id };
  }
}
