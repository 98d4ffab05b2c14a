import {
  type AuditAction,
  type AuditTargetKind,
  ErrorCode,
  type MessageKey,
  type PermissionCode,
  envelopeSchema,
  ok,
  recordPageSchema,
  recordParamsSchema,
  versionQuerySchema,
  withNameStandIn,
} from '@cityops/contract';
import { and, eq, ilike, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppModule, RouteContext } from '../../app-module.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { containsPattern } from '../../db/like.js';
import type { VersionedTable } from '../../db/versioned.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { authOf } from '../../plugins/auth.js';
import type { Repositories } from '../../repositories.js';
import type { CommandRunner } from '../access/command.js';
import { policy, routeInput } from '../access/policy-targets.js';

type Values = Record<string, unknown>;
/** A zod object schema, as a resource's request schemas are. */
type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * One console resource: a plain versioned table that the console lists, creates,
 * edits and deletes (docs/architecture.md, "A console resource"). Everything a
 * hand-written module would say in its repository, service, routes and module is
 * declared here once; `resourceModule` makes the routes (a page by keyword, one
 * record, create, update, delete), each with its `access`, `audit` and `policy`, and
 * every write goes through the command (access/command.ts): the policy asked, one
 * transaction, the audit record of the changed fields, the version checked.
 */
export interface ConsoleResource {
  /** The trail's kind of its records, named in the feature's manifest (`auditTargets`). */
  kind: AuditTargetKind;
  table: VersionedTable;
  /** The collection (list, create) and one record (`:id`: update, delete), from the manifest. */
  paths: { list: string; item: string };
  /** The OpenAPI document's words: its tag and what one record is called (`a dictionary type`). */
  tag: string;
  noun: string;
  access: { read: PermissionCode; write: PermissionCode };
  audit: { create: AuditAction; update: AuditAction; delete: AuditAction };
  /**
   * The policy's rule (access/policy-targets.ts): content its permission code decides,
   * or platform-wide configuration that only a whole-platform scope may change.
   */
  policy: 'content.write' | 'platform.write';
  schemas: {
    /** One record as the API answers it (the table's columns by their names). */
    record: z.ZodType;
    /** The list's query: `recordListQuerySchema`, extended by `filters`. */
    list: ObjectSchema;
    /** A create's body: columns of the table by their names. */
    create: ObjectSchema;
    /** An update's body: the columns it changes and the `version` it was read at. */
    update: ObjectSchema;
  };
  /** The columns a keyword is looked for in (contains, case aside). */
  search: readonly PgColumn[];
  /** The list query's fields that pick rows by a column's value (`typeId`). */
  filters?: Readonly<Record<string, PgColumn>>;
  /** The list's order (the id last). */
  orderBy: readonly PgColumn[];
  /** What the trail calls a record (its target's name); by default its `name`. */
  nameOf?: (record: Values) => string;
  /**
   * What is stored of a body; by default the body, a blank English name taking the
   * Chinese one (`withNameStandIn`, as every console name).
   */
  stored?: (values: Values) => Values;
  /**
   * The fields the trail records of a create, an update and a delete (each declared in
   * the manifest's `auditFields`); by default those of a create's body.
   */
  recorded?: readonly string[];
  /** The field a unique column's clash is answered on, with its message. */
  unique?: { field: string; messageKey: MessageKey };
  /**
   * What holds a delete back: the columns of other tables that point at the record
   * (checked in the delete's own statement), and the message of a delete they hold back.
   */
  deleteUnless?: { referencedBy: readonly PgColumn[]; messageKey: MessageKey };
  /**
   * A body the route walk (test/plugins/route-walk.test.ts) creates and then saves
   * again, given the records it made before, by kind.
   */
  example: (made: Readonly<Record<string, { id: number }>>) => Values;
}

/** A console resource's own rules, the same for every resource: the service of `resourceModule`. */
export class ConsoleResourceService {
  constructor(
    readonly resource: ConsoleResource,
    private readonly options: { repositories: Repositories; commands: CommandRunner },
  ) {}

  async list(query: Values) {
    const { resource } = this;
    const { pageIndex, pageSize, keyword } = query as {
      pageIndex: number;
      pageSize: number;
      keyword?: string;
    };
    const pattern = keyword ? containsPattern(keyword) : undefined;
    const where = and(
      pattern ? or(...resource.search.map((column) => ilike(column, pattern))) : undefined,
      ...Object.entries(resource.filters ?? {}).map(([field, column]) =>
        query[field] === undefined ? undefined : eq(column, query[field]),
      ),
    );
    const page = await this.records().page(
      where,
      resource.orderBy,
      (pageIndex - 1) * pageSize,
      pageSize,
    );
    return { ...page, pageIndex, pageSize };
  }

  /** One record; 404 when it is gone (the policy's target of an update or a delete). */
  async get(id: number): Promise<Values> {
    const record = await this.records().find(id);
    if (!record) throw notFound();
    return record;
  }

  async create(auth: AuthContext, body: Values): Promise<Values> {
    const values = this.stored(body);
    const id = await this.guarded(() =>
      this.options.commands.run(auth, async (repositories) => {
        const made = await this.records(repositories).insert(values);
        return { target: this.target(made, values), after: this.recorded(values), value: made };
      }),
    );
    return this.get(id);
  }

  async update(auth: AuthContext, id: number, body: Values): Promise<Values> {
    const { version, ...changes } = body as Values & { version: number };
    const values = this.stored(changes);
    const before = await this.get(id);
    await this.guarded(() =>
      this.options.commands.run(auth, async (repositories) => ({
        outcome: await this.records(repositories).update(id, version, values),
        target: this.target(id, { ...before, ...values }),
        before: this.recorded(before, values),
        after: this.recorded(values),
        value: id,
      })),
    );
    return this.get(id);
  }

  async delete(auth: AuthContext, id: number, version: number): Promise<void> {
    const before = await this.get(id);
    const held = this.resource.deleteUnless;
    // Held back by its rows in the delete's statement, or by a row made meanwhile (23503).
    const inUse = held
      ? () => new AppError(ErrorCode.CONFLICT, { messageKey: held.messageKey })
      : undefined;
    const remove = () =>
      this.options.commands.run(
        auth,
        async (repositories) => ({
          outcome: await this.records(repositories).delete(id, version, held?.referencedBy ?? []),
          target: this.target(id, before),
          before: this.recorded(before),
          value: id,
        }),
        inUse ? { blocked: inUse } : {},
      );
    await this.guarded(remove, inUse);
  }

  private records(repositories: Repositories = this.options.repositories) {
    return repositories.records(this.resource.table);
  }

  private stored(values: Values): Values {
    if (this.resource.stored) return this.resource.stored(values);
    return typeof values.name === 'string' && typeof values.nameEn === 'string'
      ? withNameStandIn(values as Values & { name: string; nameEn: string })
      : values;
  }

  private target(id: number, record: Values) {
    return { kind: this.resource.kind, id, name: nameOf(this.resource, record) };
  }

  /** The fields the trail keeps of `record`: those declared (by default a create's), or those `fields` names. */
  private recorded(record: Values, fields: Values = record): Values {
    const kept = this.resource.recorded ?? Object.keys(this.resource.schemas.create.shape);
    const keys = Object.keys(fields).filter((key) => kept.includes(key));
    return Object.fromEntries(keys.map((key) => [key, record[key]]));
  }

  /**
   * What the database refuses, told as the screen tells it: two administrators saving
   * the same code at once (the second hears it beside the field), and a row that points
   * at one that is gone (an item made in a type deleted meanwhile: 404), or for a delete
   * (`foreignKey`) a record deleted while another was made pointing at it.
   */
  private async guarded<R>(
    write: () => Promise<R>,
    foreignKey: () => AppError = notFound,
  ): Promise<R> {
    const { unique } = this.resource;
    try {
      return await write();
    } catch (error) {
      if (unique && isUniqueViolation(error)) {
        throw new AppError(ErrorCode.CONFLICT, {
          messageKey: unique.messageKey,
          fields: [{ field: unique.field, message: unique.messageKey }],
        });
      }
      if (isForeignKeyViolation(error)) throw foreignKey();
      throw error;
    }
  }
}

/** What the trail and the policy call a record. */
function nameOf(resource: ConsoleResource, record: Values): string {
  return resource.nameOf ? resource.nameOf(record) : String(record.name);
}

declare module '../../services.js' {
  interface Services {
    /** Every console resource's service, by its kind (`resourceModule`). */
    consoleResources: Readonly<Record<string, ConsoleResourceService>>;
  }
}

type RecordParams = z.output<typeof recordParamsSchema>;

function resourceRoutes(resource: ConsoleResource): FastifyPluginAsyncZod<RouteContext> {
  return async (app, { services }) => {
    const service = services.consoleResources[resource.kind]!;
    const { paths, access, audit, schemas, tag, noun } = resource;
    const tags = [tag];
    /** A stored record as the policy weighs it: 404 when it is gone. */
    const stored = policy(resource.policy, async (request) => {
      const { id } = routeInput<RecordParams>(request).params;
      return { kind: resource.kind, id, name: nameOf(resource, await service.get(id)) };
    });

    app.get(
      paths.list,
      {
        config: { access: { permission: access.read } },
        schema: {
          tags,
          summary: `A page of the ${noun} records, by a keyword`,
          querystring: schemas.list,
          response: { 200: envelopeSchema(recordPageSchema(schemas.record)) },
        },
      },
      async (request) => ok(await service.list(request.query)),
    );

    app.get(
      paths.item,
      {
        config: { access: { permission: access.read } },
        schema: {
          tags,
          summary: `One ${noun} (a dialog reads it again after a save lost to someone else's)`,
          params: recordParamsSchema,
          response: { 200: envelopeSchema(schemas.record) },
        },
      },
      async (request) => ok(await service.get(request.params.id)),
    );

    app.post(
      paths.list,
      {
        config: {
          access: { permission: access.write },
          audit: audit.create,
          policy: policy(resource.policy, async (request) => ({
            kind: resource.kind,
            id: null,
            name: nameOf(resource, routeInput<unknown, Values>(request).body),
          })),
        },
        schema: {
          tags,
          summary: `Add a ${noun}`,
          body: schemas.create,
          response: { 200: envelopeSchema(schemas.record) },
        },
      },
      async (request) => ok(await service.create(authOf(request), request.body)),
    );

    app.put(
      paths.item,
      {
        config: { access: { permission: access.write }, audit: audit.update, policy: stored },
        schema: {
          tags,
          summary: `Change a ${noun} read at \`version\``,
          params: recordParamsSchema,
          body: schemas.update,
          response: { 200: envelopeSchema(schemas.record) },
        },
      },
      async (request) => ok(await service.update(authOf(request), request.params.id, request.body)),
    );

    app.delete(
      paths.item,
      {
        config: { access: { permission: access.write }, audit: audit.delete, policy: stored },
        schema: {
          tags,
          summary: `Delete a ${noun} read at \`version\``,
          params: recordParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await service.delete(authOf(request), request.params.id, request.query.version);
        return ok(null);
      },
    );
  };
}

/** A module made of console resources, found by `npm run registries` (resource-modules.gen.ts). */
export interface ResourceModule extends AppModule {
  resources: readonly ConsoleResource[];
}

/**
 * The module of a feature's console resources: each gets its service (its rules above)
 * and its four routes. A feature whose rules go beyond these writes a module of its own
 * (docs/architecture.md, "Adding a feature").
 */
export function resourceModule(
  name: string,
  resources: readonly ConsoleResource[],
): ResourceModule {
  return {
    name,
    resources,
    createServices: ({ repositories, services }) => ({
      consoleResources: {
        ...services.consoleResources,
        ...Object.fromEntries(
          resources.map((resource) => [
            resource.kind,
            new ConsoleResourceService(resource, { repositories, commands: services.commands }),
          ]),
        ),
      },
    }),
    routes: async (app, context) => {
      for (const resource of resources) await app.register(resourceRoutes(resource), context);
    },
  };
}
