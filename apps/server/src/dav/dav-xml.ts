import { createRequire } from 'node:module'
import type * as Xmldom from '@xmldom/xmldom'
import type { Element } from '@xmldom/xmldom'

// The XML of WebDAV (RFC 4918), CardDAV (RFC 6352) and WebDAV Sync (RFC 6578): reading the few
// request bodies an address-book client sends, and writing multistatus answers.

export const DAV = 'DAV:'
export const CARDDAV = 'urn:ietf:params:xml:ns:carddav'
export const CALENDARSERVER = 'http://calendarserver.org/ns/'

const PREFIXES: Record<string, string> = { [DAV]: 'd', [CARDDAV]: 'card', [CALENDARSERVER]: 'cs' }

/** A property's name as `{namespace}local`, as RFC 4918 writes them. */
export type PropName = `{${string}}${string}`
export const propName = (namespace: string, local: string): PropName => `{${namespace}}${local}`

/** What a request body asks for; `undefined` props mean every property (allprop). */
export type DavRequest =
  | { kind: 'propfind'; props?: PropName[] }
  | { kind: 'addressbook-multiget'; props: PropName[]; hrefs: string[] }
  | { kind: 'addressbook-query'; props: PropName[]; filtersText: boolean }
  | { kind: 'sync-collection'; props: PropName[]; syncToken: string; limit?: number }

export class DavBadRequest extends Error {}

function childElements(element: Element): Element[] {
  return Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === node.ELEMENT_NODE,
  )
}

function child(element: Element, namespace: string, local: string) {
  return childElements(element).find((e) => e.namespaceURI === namespace && e.localName === local)
}

function namesIn(prop: Element | undefined): PropName[] {
  return prop
    ? childElements(prop).map((e) => propName(e.namespaceURI ?? '', e.localName ?? ''))
    : []
}

/**
 * The XML parser, loaded (synchronously: it is CommonJS) with the first CardDAV body, as every
 * optional client is (docs/benchmarks.md): a server no address book syncs with keeps 1 MB of heap.
 */
const requireModule = createRequire(import.meta.url)
let xmldom: typeof Xmldom | undefined

/** The body's root element; a body that is not well-formed XML is the client's error (400). */
function parseRoot(body: string): Element {
  xmldom ??= requireModule('@xmldom/xmldom') as typeof Xmldom
  try {
    const parser = new xmldom.DOMParser({
      // Warnings and errors are recoverable for the parser, not for a protocol request.
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    })
    const root = parser.parseFromString(body, 'text/xml').documentElement
    if (root) return root
  } catch {
    // Falls through to the one answer for every malformed body.
  }
  throw new DavBadRequest('The request body is not well-formed XML.')
}

/** Reads a PROPFIND body; an empty one asks for every property. */
export function parsePropfind(body: string): DavRequest {
  if (body.trim() === '') return { kind: 'propfind' }
  const root = parseRoot(body)
  if (root.namespaceURI !== DAV || root.localName !== 'propfind') {
    throw new DavBadRequest('A PROPFIND body must be a DAV:propfind element.')
  }
  const prop = child(root, DAV, 'prop')
  return prop ? { kind: 'propfind', props: namesIn(prop) } : { kind: 'propfind' }
}

/** Reads a REPORT body: one of the three reports an address book answers. */
export function parseReport(body: string): DavRequest {
  const root = parseRoot(body)
  const props = namesIn(child(root, DAV, 'prop'))
  if (root.namespaceURI === CARDDAV && root.localName === 'addressbook-multiget') {
    const hrefs = childElements(root)
      .filter((e) => e.namespaceURI === DAV && e.localName === 'href')
      .map((e) => (e.textContent ?? '').trim())
    return { kind: 'addressbook-multiget', props, hrefs }
  }
  if (root.namespaceURI === CARDDAV && root.localName === 'addressbook-query') {
    const filter = child(root, CARDDAV, 'filter')
    const filtersText =
      filter !== undefined && filter.getElementsByTagNameNS(CARDDAV, 'text-match').length > 0
    return { kind: 'addressbook-query', props, filtersText }
  }
  if (root.namespaceURI === DAV && root.localName === 'sync-collection') {
    const syncToken = (child(root, DAV, 'sync-token')?.textContent ?? '').trim()
    const limitText = child(root, DAV, 'limit')
    const nresults = limitText && child(limitText, DAV, 'nresults')?.textContent
    const limit = nresults ? Number.parseInt(nresults, 10) : undefined
    if (limit !== undefined && !(limit > 0))
      throw new DavBadRequest('DAV:nresults must be a positive number.')
    return { kind: 'sync-collection', props, syncToken, ...(limit && { limit }) }
  }
  throw new UnsupportedReport()
}

/** A REPORT this server does not answer (RFC 3253: 403 with supported-report). */
export class UnsupportedReport extends Error {}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** An empty or filled element of a property, with its namespace's prefix. */
export function element(name: PropName, inner = ''): string {
  const [, namespace = '', local = ''] = /^\{(.*)\}(.+)$/.exec(name) ?? []
  const prefix = PREFIXES[namespace]
  const open = prefix ? `${prefix}:${local}` : `x:${local} xmlns:x="${escapeXml(namespace)}"`
  const close = prefix ? `${prefix}:${local}` : `x:${local}`
  return inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`
}

/** A resource's properties: their XML content, or undefined where the resource has no such one. */
export type PropValues = (name: PropName) => string | undefined

/** One DAV:response: the found properties with 200, the asked-for missing ones with 404. */
export function propResponse(href: string, asked: readonly PropName[], values: PropValues): string {
  const found: string[] = []
  const missing: string[] = []
  for (const name of asked) {
    const value = values(name)
    if (value === undefined) missing.push(element(name))
    else found.push(element(name, value))
  }
  const propstat = (props: string[], status: string) =>
    props.length > 0
      ? `<d:propstat><d:prop>${props.join('')}</d:prop><d:status>HTTP/1.1 ${status}</d:status></d:propstat>`
      : ''
  return `<d:response><d:href>${escapeXml(href)}</d:href>${propstat(found, '200 OK')}${propstat(missing, '404 Not Found')}</d:response>`
}

/** A DAV:response for a resource as a whole: gone (404), or a truncated collection (507). */
export function statusResponse(href: string, status: string): string {
  return `<d:response><d:href>${escapeXml(href)}</d:href><d:status>HTTP/1.1 ${status}</d:status></d:response>`
}

export function multistatus(responses: readonly string[], syncToken?: string): string {
  const token = syncToken ? `<d:sync-token>${escapeXml(syncToken)}</d:sync-token>` : ''
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="${DAV}" xmlns:card="${CARDDAV}" xmlns:cs="${CALENDARSERVER}">${responses.join('')}${token}</d:multistatus>`
}

/** A precondition's error body (RFC 4918 16), such as DAV:valid-sync-token. */
export function errorBody(name: PropName): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="${DAV}" xmlns:card="${CARDDAV}">${element(name)}</d:error>`
}
