/** Field names (lower case, without `_` and `-`) whose values are never logged. */
const SECRET_FIELDS = new Set([
  'code',
  'authorizationcode',
  'codeverifier',
  'verifier',
  'password',
  'authorization',
  'cookie',
  'state',
]);

function isSecretField(name: string): boolean {
  const normal = name.toLowerCase().replace(/[_-]/g, '');
  return SECRET_FIELDS.has(normal) || normal.endsWith('token') || normal.endsWith('secret');
}

const MASK = '[redacted]';

/**
 * Masks secrets in log output: every value registered with `add` (tokens, codes, verifiers,
 * client secrets) wherever it appears, and any field whose name says it holds a secret. One
 * redactor serves a whole process, so a secret known to one module is masked in every log.
 */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** Registers a secret value. Values shorter than 8 characters are ignored (too common to mask). */
  add(secret: string | undefined): void {
    if (secret !== undefined && secret.length >= 8) this.#secrets.add(secret);
  }

  /** `text` with every registered secret replaced by a mask. */
  text(text: string): string {
    let result = text;
    for (const secret of this.#secrets) {
      if (result.includes(secret)) result = result.split(secret).join(MASK);
    }
    return result;
  }

  /** A copy of `fields` with secret-named fields masked and registered secrets removed. */
  fields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        isSecretField(name) ? MASK : this.#value(value),
      ]),
    );
  }

  #value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value instanceof Error) return this.text(`${value.name}: ${value.message}`);
    if (Array.isArray(value)) return value.map((item) => this.#value(item));
    if (typeof value === 'object' && value !== null) {
      return this.fields(value as Record<string, unknown>);
    }
    return value;
  }
}
