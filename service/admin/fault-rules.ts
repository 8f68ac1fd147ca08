import { z } from 'zod';

/**
 * A fault to inject on a route, as `POST /__admin/faults` takes it.
 * - `status`: answer `status` at once; the request has no effect.
 * - `delay`: wait `delay_ms`, then handle the request normally.
 * - `drop-before-commit`: close the connection without handling the request.
 * - `drop-after-commit`: handle the request (its effect is kept), then close the connection
 *   instead of answering: the client cannot know whether it happened.
 * - `reset`: abort the connection with a TCP reset without handling the request.
 */
export const faultRuleSchema = z
  .object({
    route: z.string().min(1),
    action: z.enum(['status', 'delay', 'drop-before-commit', 'drop-after-commit', 'reset']),
    status: z.number().int().min(100).max(599).optional(),
    delay_ms: z.number().int().min(0).max(600_000).optional(),
    probability: z.number().min(0).max(1).default(1),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((rule) => rule.action !== 'status' || rule.status !== undefined, {
    message: 'A "status" fault needs a status',
  })
  .refine((rule) => rule.action !== 'delay' || rule.delay_ms !== undefined, {
    message: 'A "delay" fault needs delay_ms',
  });

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultAction = FaultRule['action'];

type ActiveRule = FaultRule & { remaining: number };

/** Route key of a request: method and route pattern, e.g. `POST /v2/projects/:project_id/photos`. */
export type RouteKey = string;

/**
 * The fault rules in force. A rule names a route key (or `*` for every route); the first rule
 * that matches and wins its probability draw applies, and uses up one of its `times`.
 */
export class FaultRules {
  #rules: ActiveRule[] = [];

  constructor(private readonly random: () => number = Math.random) {}

  add(rules: readonly FaultRule[]): void {
    for (const rule of rules) this.#rules.push({ ...rule, remaining: rule.times ?? Infinity });
  }

  clear(): void {
    this.#rules = [];
  }

  list(): readonly FaultRule[] {
    return this.#rules.map(({ remaining: _remaining, ...rule }) => rule);
  }

  /** The fault to apply to a request on `route`, if any. */
  draw(route: RouteKey): FaultRule | undefined {
    for (const rule of this.#rules) {
      if (rule.route !== '*' && rule.route !== route) continue;
      if (rule.remaining <= 0) continue;
      if (this.random() >= rule.probability) continue;
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.#rules = this.#rules.filter((other) => other !== rule);
      return rule;
    }
    return undefined;
  }
}
