/** The part of an AJV error the pipeline reads (kept small so workers can post it). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  schemaPath: string;
  /**
   * Set by a validator that already chose among anyOf/oneOf branches (see explain.ts): each
   * error is one mistake and becomes one Problem as it is. AJV's raw errors lack it, and
   * `schemaProblems` filters those by heuristics instead. Such errors use AJV's keywords and
   * params, with more params (`allowed`, `suggestion`, `belongs` for an unknown property), and
   * one keyword of their own: `expected`, for a value of the wrong kind for every branch, with
   * `params.alternatives` listing what would have been taken.
   */
  resolved?: boolean;
}
