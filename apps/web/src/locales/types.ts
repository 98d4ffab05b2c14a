/** A locale with exactly the keys of the English one, every leaf a string. */
export type LocaleShape<T> = { [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]> };
