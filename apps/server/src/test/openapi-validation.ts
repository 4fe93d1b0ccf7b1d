import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { buildOpenApiDocument } from '../openapi/document.ts'

type Schema = Record<string, unknown>
type ResponseObject = {
  $ref?: string
  content?: Record<string, { schema: Schema }>
  headers?: Record<string, { required?: boolean; schema: Schema }>
}
type Operation = { responses: Record<string, ResponseObject> }
type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

/**
 * Headers of the API's own that an answer may carry only where the document declares them: the
 * rate limits' and the database's Retry-After, the pages' Link and X-Next-Cursor, the downloads'
 * Content-Disposition and the redirect's Location.
 */
const DECLARED_HEADERS = ['Retry-After', 'Link', 'X-Next-Cursor', 'Content-Disposition', 'Location']

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
}

/** The body as text, uncompressed when the server compressed it. */
async function decodedText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  const decode = decoders[response.headers.get('content-encoding') ?? '']
  return (decode ? decode(bytes) : bytes).toString('utf8')
}

/**
 * The check of every answer against a document: the app's own (the route table's), or that of a
 * fixture app that serves more routes.
 */
export function documentValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  addFormats(ajv)
  ajv.addSchema(document.components.schemas.Error, '#/components/schemas/Error')
  const validateError = ajv.compile(document.components.schemas.Error)

  const templates = Object.entries(document.paths as Record<string, Record<string, Operation>>)
    .map(([path, operations]) => ({
      path,
      operations,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      // OpenAPI's rule: a path without parameters wins over a templated one that also matches.
      parameterCount: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameterCount - b.parameterCount)

  const validators = new Map<string, ValidateFunction>()

  function resolve(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response
    const name = response.$ref.replace('#/components/responses/', '')
    return (document.components.responses as Record<string, ResponseObject>)[name] ?? response
  }

  /**
   * Fails unless the OpenAPI document has an operation for the request, lists the response's
   * status, headers and media type for it, and the JSON body matches that response's schema. A
   * path or method the document does not have passes only when refused with the JSON error body.
   */
  return async function expectResponseInDocument(method: string, url: string, response: Response) {
    const path = new URL(url).pathname
    if (!isDocumented(path)) return
    const verb = method.toLowerCase()
    const template = templates.find((t) => t.pattern.test(path) && t.operations[verb])
    const operation = template?.operations[verb]
    if (!template || !operation) {
      // A call the document does not describe may only be refused with the JSON error body: the
      // catch-all 404, or what the middleware in front of every /api path answers (a broken
      // database's 500, the Origin check's 403). Any other answer is a route missing from the
      // document.
      const body = response.status >= 400 ? await decodedText(response.clone()) : ''
      if (body && validateError(JSON.parse(body))) return
      throw new Error(
        `The OpenAPI document has no operation for ${method} ${path}, answered ${response.status}`,
      )
    }
    const where = `${method} ${template.path} ${response.status}`
    const documented = operation.responses[String(response.status)]
    if (!documented) throw new Error(`The OpenAPI document lists no ${where} response`)
    const { content, headers = {} } = resolve(documented)
    for (const name of DECLARED_HEADERS) {
      if (response.headers.has(name) && !headers[name]) {
        throw new Error(`${where} sent ${name}, which the document does not declare`)
      }
    }
    for (const [name, header] of Object.entries(headers)) {
      if (header.required && !response.headers.has(name)) {
        throw new Error(`${where} did not send ${name}, which the document says it always does`)
      }
    }
    const body = verb === 'head' ? '' : await decodedText(response.clone())
    if (!content || body === '') return
    const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
    const media = content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*']
    if (!media) {
      throw new Error(
        `${where} answered ${mediaType || 'no Content-Type'}; the document lists ${Object.keys(content).join(', ')}`,
      )
    }
    if (mediaType !== 'application/json') return
    const key = `${where} ${mediaType}`
    let validate = validators.get(key)
    if (!validate) {
      validate = ajv.compile(media.schema)
      validators.set(key, validate)
    }
    if (!validate(JSON.parse(body))) {
      throw new Error(
        `${where}: the body does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 2000)}`,
      )
    }
  }
}

/** Whether this server path is part of the REST API the document describes. */
function isDocumented(path: string) {
  return (
    (path.startsWith('/api/') && !path.startsWith('/api/trpc/')) || path.startsWith('/objects/')
  )
}

/** The check against the app's own document, the route table's. */
export const expectResponseInDocument = documentValidator(buildOpenApiDocument())
