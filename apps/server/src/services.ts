/**
 * Every service of one app instance; routes receive this and nothing else.
 * Each module adds its own services to this interface in its `*.module.ts`
 * (declaration merging), beside the code that makes them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each module's *.module.ts adds its members
export interface Services {}
