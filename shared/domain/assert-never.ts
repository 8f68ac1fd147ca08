/** For exhaustive switches over tagged unions: a compile error when a case is missed. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
