import { appRouter } from '@fiveconnect/api'
import { z } from 'zod'

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  allOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}

type Procedure = { _def: { inputs: z.ZodType[]; output?: z.ZodType } }

/** The router's procedure at a dotted path; a route naming one that does not exist fails at once. */
export function procedureOf(path: string): Procedure {
  // tRPC keeps its procedures by their dotted path; its types describe only the nested routers.
  const procedures = appRouter._def.procedures as unknown as Record<string, Procedure | undefined>
  const procedure = procedures[path]
  if (!procedure) throw new Error(`No procedure ${path}`)
  return procedure
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), dates as ISO 8601 strings. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') {
        jsonSchema.type = 'string'
        jsonSchema.format = 'date-time'
      }
      // A record keyed by an enum has every key: name them as properties, which `required` needs.
      const { required, additionalProperties } = jsonSchema
      if (zodSchema._zod.def.type === 'record' && required && additionalProperties) {
        jsonSchema.properties = Object.fromEntries(
          required.map((key: string) => [key, additionalProperties]),
        )
        delete jsonSchema.propertyNames
        jsonSchema.additionalProperties = false
      }
    },
  })
  return json as JsonSchema
}

/** Every property of the schema, with whether it is required, through intersections. */
export function propertiesOf(schema: JsonSchema): [string, JsonSchema, boolean][] {
  if (schema.allOf) return schema.allOf.flatMap(propertiesOf)
  return Object.entries(schema.properties ?? {}).map(([name, property]) => [
    name,
    property,
    schema.required?.includes(name) ?? false,
  ])
}

/** The JSON Schema of a procedure's input, or undefined when it takes none. */
export function inputSchemaOf(procedure: Procedure): JsonSchema | undefined {
  const input = procedure._def.inputs[0]
  return input ? jsonSchemaOf(input, 'input') : undefined
}

/** Every JSON type a schema allows, through unions. */
export function typesOf(schema: JsonSchema): string[] {
  const own = schema.type === undefined ? [] : [schema.type].flat()
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  return [...own, ...parts.flatMap(typesOf)]
}
