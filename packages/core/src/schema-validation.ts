import { z } from 'zod'
import { DocsApiError } from './errors'
import { type DocsWarning, type DocsWarningHandler, reportWarning } from './warnings'

/*
 * How the schemas are applied: requests strictly before they are sent (`validateRequest`, a
 * `bad-request` naming the field), responses leniently (`parseResponse`: unknown enum values
 * reported, missing fields an `invalid-response`).
 */

/** A string enum that also accepts values it does not know. */
export type OpenEnum<T extends string> = T | (string & {})

type EnumSink = (path: Array<string | number>, value: string, expected: readonly string[]) => void
// zod parses synchronously, so a module-level sink set around one `safeParse` call is safe.
let enumSink: EnumSink | undefined

/** A response enum: known values typed, others kept and reported by the `parseResponse` around it. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((value, context): OpenEnum<T[number]> => {
    if (!values.includes(value)) enumSink?.(context.path, value, values)
    return value
  })
}

function dottedPath(issue: z.ZodIssue): string {
  const path = [...issue.path]
  if (issue.code === z.ZodIssueCode.unrecognized_keys && issue.keys[0] !== undefined) {
    path.push(issue.keys[0])
  }
  return path.join('.')
}

function describeIssue(issue: z.ZodIssue): string {
  if (issue.code === z.ZodIssueCode.unrecognized_keys) return 'unknown field'
  return issue.message
}

/**
 * Validates a request body before it is sent. Returns the parsed value (defaults applied) or throws
 * `DocsApiError` of kind `bad-request` whose `field` is the dotted path of the first bad field
 * (`messages.0.id`) and whose message names it.
 */
export function validateRequest<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = dottedPath(issue)
  return throwInvalid(
    `Invalid request: ${field || 'body'}: ${describeIssue(issue)}`,
    'bad-request',
    field,
    result.error,
  )
}

function throwInvalid(
  message: string,
  kind: 'bad-request' | 'invalid-response',
  field: string,
  error: z.ZodError,
): never {
  throw new DocsApiError(message, {
    kind,
    ...(field ? { field } : {}),
    body: error.issues,
    cause: error,
  })
}

/**
 * Parses a response leniently. Unknown enum values are reported through `onWarning`
 * (`code: 'unknown-enum-value'`); a response missing required fields throws `DocsApiError` of kind
 * `invalid-response` naming the field.
 */
export function parseResponse<S extends z.ZodTypeAny>(
  schema: S,
  value: unknown,
  options: { onWarning?: DocsWarningHandler | undefined; what?: string } = {},
): z.output<S> {
  const warnings: DocsWarning[] = []
  const previous = enumSink
  enumSink = (path, enumValue, expected) => {
    const dotted = path.join('.')
    warnings.push({
      code: 'unknown-enum-value',
      message: `${options.what ?? 'Response'} field ${dotted} has an unknown value "${enumValue}" (known: ${expected.join(', ')})`,
      path: dotted,
      value: enumValue,
    })
  }
  let result: z.SafeParseReturnType<unknown, z.output<S>>
  try {
    result = schema.safeParse(value)
  } finally {
    enumSink = previous
  }
  if (!result.success) {
    const issue = result.error.issues[0]!
    const field = dottedPath(issue)
    throwInvalid(
      `Unexpected ${options.what ?? 'response'}: ${field || 'body'}: ${describeIssue(issue)}`,
      'invalid-response',
      field,
      result.error,
    )
  }
  for (const warning of warnings) reportWarning(options.onWarning, warning)
  return result.data
}
