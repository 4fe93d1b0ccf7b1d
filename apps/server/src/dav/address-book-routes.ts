import {
  canReadObject,
  objectIdFromUrl,
  storedKey,
  toAddressCard,
  type ObjectStorage,
  type RateLimiter,
} from '@fiveconnect/api/server'
import {
  currentChangeHorizon,
  findStoredObject,
  isChangeHorizon,
  listAddressCardIds,
  listAddressCards,
  type AddressCardRow,
  type Database,
} from '@fiveconnect/db'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../http/app-env.ts'
import { davSignIn, type DavEnv, type DavUser } from './dav-auth.ts'
import {
  CALENDARSERVER,
  CARDDAV,
  DAV,
  DavBadRequest,
  errorBody,
  escapeXml,
  multistatus,
  parsePropfind,
  parseReport,
  propName,
  propResponse,
  statusResponse,
  UnsupportedReport,
  type DavRequest,
  type PropName,
  type PropValues,
} from './dav-xml.ts'

// A read-only CardDAV address book (RFC 6352) of each user's people, with WebDAV Sync (RFC 6578).
// Every client finds it the same way: /.well-known/carddav → /dav/ → the principal → the
// address-book home → the one address book, whatever user signs in (the app password says who).

export const DAV_ROOT = '/dav/'
const PRINCIPAL = '/dav/principal/'
const HOME = '/dav/addressbooks/'
export const ADDRESS_BOOK = '/dav/addressbooks/people/'
const CARD = /^\/dav\/addressbooks\/people\/([0-9a-f-]{36})\.vcf$/

/** The most responses one sync-collection answer holds; a client continues with its token. */
export const SYNC_PAGE_SIZE = 500
const MULTIGET_MAX_HREFS = 1000
const REQUEST_BODY_LIMIT = 256 * 1024
const SYNC_TOKEN_PREFIX = 'urn:fiveconnect:sync:'
const XML = { 'Content-Type': 'application/xml; charset=utf-8' }
const VCARD_TYPE = 'text/vcard; charset=utf-8'

const p = {
  resourcetype: propName(DAV, 'resourcetype'),
  displayname: propName(DAV, 'displayname'),
  currentUserPrincipal: propName(DAV, 'current-user-principal'),
  principalUrl: propName(DAV, 'principal-URL'),
  owner: propName(DAV, 'owner'),
  getetag: propName(DAV, 'getetag'),
  getcontenttype: propName(DAV, 'getcontenttype'),
  getcontentlength: propName(DAV, 'getcontentlength'),
  syncToken: propName(DAV, 'sync-token'),
  supportedReportSet: propName(DAV, 'supported-report-set'),
  privileges: propName(DAV, 'current-user-privilege-set'),
  homeSet: propName(CARDDAV, 'addressbook-home-set'),
  description: propName(CARDDAV, 'addressbook-description'),
  supportedData: propName(CARDDAV, 'supported-address-data'),
  addressData: propName(CARDDAV, 'address-data'),
  ctag: propName(CALENDARSERVER, 'getctag'),
}

const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`
const READ_ONLY =
  '<d:privilege><d:read/></d:privilege><d:privilege><d:read-current-user-privilege-set/></d:privilege>'
const REPORTS = ['card:addressbook-multiget', 'card:addressbook-query', 'd:sync-collection']
  .map((report) => `<d:supported-report><d:report><${report}/></d:report></d:supported-report>`)
  .join('')

/** Properties every collection here shares. */
function collectionValues(
  displayName: string,
  extra: Partial<Record<PropName, string>>,
): PropValues {
  const values: Partial<Record<PropName, string>> = {
    [p.displayname]: escapeXml(displayName),
    [p.currentUserPrincipal]: href(PRINCIPAL),
    [p.privileges]: READ_ONLY,
    [p.resourcetype]: '<d:collection/>',
    ...extra,
  }
  return (name) => values[name]
}

const rootValues = collectionValues('FiveConnect', {})
const principalValues = (user: DavUser) =>
  collectionValues(user.email, {
    [p.resourcetype]: '<d:principal/>',
    [p.principalUrl]: href(PRINCIPAL),
    [p.homeSet]: href(HOME),
  })
const homeValues = collectionValues('Address books', { [p.owner]: href(PRINCIPAL) })
const addressBookValues = (syncToken: string) =>
  collectionValues('FiveConnect', {
    [p.resourcetype]: '<d:collection/><card:addressbook/>',
    [p.owner]: href(PRINCIPAL),
    [p.description]: 'The people you met, from FiveConnect',
    [p.supportedData]: '<card:address-data-type content-type="text/vcard" version="3.0"/>',
    [p.supportedReportSet]: REPORTS,
    [p.syncToken]: escapeXml(syncToken),
    [p.ctag]: escapeXml(syncToken),
  })

/** What allprop returns for each kind of resource: the properties a client may want unasked. */
const ALL_COLLECTION_PROPS = [
  p.resourcetype,
  p.displayname,
  p.currentUserPrincipal,
  p.owner,
  p.syncToken,
  p.ctag,
  p.homeSet,
  p.principalUrl,
  p.description,
]
const ALL_CARD_PROPS = [p.resourcetype, p.getetag, p.getcontenttype, p.getcontentlength]

type Card = ReturnType<typeof toAddressCard>

function cardValues(card: Card): PropValues {
  const values: Partial<Record<PropName, string>> = {
    [p.resourcetype]: '',
    [p.getetag]: escapeXml(card.etag),
    [p.getcontenttype]: VCARD_TYPE,
    [p.getcontentlength]: String(Buffer.byteLength(card.vcard)),
    [p.addressData]: escapeXml(card.vcard),
    [p.currentUserPrincipal]: href(PRINCIPAL),
  }
  return (name) => values[name]
}

const cardPath = (id: string) => `${ADDRESS_BOOK}${id}.vcf`

/** A sync token: the change horizon a client has seen up to, and where a truncated answer stopped. */
type SyncPosition = { since: string | null; afterId: string | null; next: string | null }

function syncTokenOf(position: { since: string | null; afterId?: string; next?: string }) {
  if (!position.afterId) return `${SYNC_TOKEN_PREFIX}${position.since ?? 'all'}`
  return `${SYNC_TOKEN_PREFIX}${position.since ?? 'all'}:${position.afterId}:${position.next}`
}

/** undefined for a token this server did not make (DAV:valid-sync-token). */
function parseSyncToken(token: string): SyncPosition | undefined {
  if (token === '') return { since: null, afterId: null, next: null }
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return undefined
  const [since = '', afterId, next] = token.slice(SYNC_TOKEN_PREFIX.length).split(':')
  const validSince = since === 'all' || isChangeHorizon(since)
  if (!validSince) return undefined
  if (afterId === undefined)
    return { since: since === 'all' ? null : since, afterId: null, next: null }
  if (!/^[0-9a-f-]{36}$/.test(afterId) || !next || !isChangeHorizon(next)) return undefined
  return { since: since === 'all' ? null : since, afterId, next }
}

/** The path without a trailing-slash difference, so `/dav` and `/dav/` name one collection. */
function collectionPath(path: string) {
  return path.endsWith('/') || CARD.test(path) ? path : `${path}/`
}

export type AddressBookDeps = {
  db: Database
  storage: ObjectStorage
  rateLimit: RateLimiter
  trustProxy: boolean
}

export function addressBookRoutes(deps: AddressBookDeps) {
  const { db, storage } = deps

  async function photoOf(user: DavUser, card: AddressCardRow) {
    const id = card.profileImageUrl ? objectIdFromUrl(card.profileImageUrl) : undefined
    const object = id ? await findStoredObject(db, id) : undefined
    if (!id || !object?.contentType || !canReadObject(user, object)) return undefined
    const chunks: Uint8Array[] = []
    for await (const chunk of await storage.read(storedKey(id))) chunks.push(chunk)
    const type = object.contentType.replace(/^image\//, '').toUpperCase()
    return { type, base64: Buffer.concat(chunks).toString('base64') }
  }

  /** The cards with these ids (all of them without), with photos only when the answer carries the data. */
  async function cardsOf(user: DavUser, ids: readonly string[] | undefined, withData: boolean) {
    const rows = await listAddressCards(db, { ownerId: user.id, ...(ids && { ids }) })
    const cards = new Map<string, Card>()
    for (const row of rows) {
      cards.set(row.id, toAddressCard(row, withData ? await photoOf(user, row) : undefined))
    }
    return cards
  }

  async function currentSyncToken() {
    return syncTokenOf({ since: await currentChangeHorizon(db) })
  }

  async function propfind(c: Context<DavEnv>, request: DavRequest & { kind: 'propfind' }) {
    const user = c.get('davUser')
    const depth = c.req.header('depth') ?? '0'
    if (depth !== '0' && depth !== '1') {
      return c.body(errorBody(propName(DAV, 'propfind-finite-depth')), 403, XML)
    }
    const path = collectionPath(c.req.path)
    const asked = (all: PropName[]) => request.props ?? all
    const one = (at: string, values: PropValues, all: PropName[]) =>
      propResponse(at, asked(all), values)

    const responses: string[] = []
    if (path === DAV_ROOT) {
      responses.push(one(DAV_ROOT, rootValues, ALL_COLLECTION_PROPS))
      if (depth === '1')
        responses.push(
          one(PRINCIPAL, principalValues(user), ALL_COLLECTION_PROPS),
          one(HOME, homeValues, ALL_COLLECTION_PROPS),
        )
    } else if (path === PRINCIPAL) {
      responses.push(one(PRINCIPAL, principalValues(user), ALL_COLLECTION_PROPS))
    } else if (path === HOME) {
      responses.push(one(HOME, homeValues, ALL_COLLECTION_PROPS))
      if (depth === '1')
        responses.push(
          one(ADDRESS_BOOK, addressBookValues(await currentSyncToken()), ALL_COLLECTION_PROPS),
        )
    } else if (path === ADDRESS_BOOK) {
      responses.push(
        one(ADDRESS_BOOK, addressBookValues(await currentSyncToken()), ALL_COLLECTION_PROPS),
      )
      if (depth === '1') {
        for (const [id, card] of await cardsOf(user, undefined, false)) {
          responses.push(one(cardPath(id), cardValues(card), ALL_CARD_PROPS))
        }
      }
    } else {
      const id = CARD.exec(path)?.[1]
      const card = id && (await cardsOf(user, [id], false)).get(id)
      if (!id || !card) return c.body(null, 404)
      responses.push(one(path, cardValues(card), ALL_CARD_PROPS))
    }
    return c.body(multistatus(responses), 207, XML)
  }

  async function report(c: Context<DavEnv>, request: DavRequest) {
    const user = c.get('davUser')
    if (collectionPath(c.req.path) !== ADDRESS_BOOK) return c.body(null, 403)
    const withData = (props: readonly PropName[]) => props.includes(p.addressData)

    if (request.kind === 'addressbook-multiget') {
      if (request.hrefs.length > MULTIGET_MAX_HREFS) {
        throw new DavBadRequest(`Ask for at most ${MULTIGET_MAX_HREFS} cards at a time.`)
      }
      const ids = request.hrefs.map((at) => CARD.exec(new URL(at, 'http://x').pathname)?.[1])
      const cards = await cardsOf(
        user,
        ids.filter((id) => id !== undefined),
        withData(request.props),
      )
      const responses = request.hrefs.map((at, index) => {
        const card = cards.get(ids[index] ?? '')
        return card
          ? propResponse(at, request.props, cardValues(card))
          : statusResponse(at, '404 Not Found')
      })
      return c.body(multistatus(responses), 207, XML)
    }

    if (request.kind === 'addressbook-query') {
      // Text filters would need a search this read-only book does not make: say so (RFC 6352 8.6).
      if (request.filtersText)
        return c.body(errorBody(propName(CARDDAV, 'supported-filter')), 403, XML)
      const cards = await cardsOf(user, undefined, withData(request.props))
      const responses = [...cards].map(([id, card]) =>
        propResponse(cardPath(id), request.props, cardValues(card)),
      )
      return c.body(multistatus(responses), 207, XML)
    }

    if (request.kind === 'sync-collection') {
      const position = parseSyncToken(request.syncToken)
      if (!position) return c.body(errorBody(propName(DAV, 'valid-sync-token')), 403, XML)
      // Taken before the changes are read: whatever happens after it is sent again next time.
      const next = position.next ?? (await currentChangeHorizon(db))
      const limit = Math.min(request.limit ?? SYNC_PAGE_SIZE, SYNC_PAGE_SIZE)
      const ids = await listAddressCardIds(db, {
        ownerId: user.id,
        since: position.since,
        afterId: position.afterId,
        limit: limit + 1,
      })
      const isTruncated = ids.length > limit
      const page = ids.slice(0, limit)
      const cards = await cardsOf(user, page, withData(request.props))
      const responses = page.map((id) => {
        const card = cards.get(id)
        return card
          ? propResponse(cardPath(id), request.props, cardValues(card))
          : statusResponse(cardPath(id), '404 Not Found')
      })
      const lastId = page.at(-1)
      if (isTruncated && lastId) {
        responses.push(statusResponse(ADDRESS_BOOK, '507 Insufficient Storage'))
        const token = syncTokenOf({ since: position.since, afterId: lastId, next })
        return c.body(multistatus(responses, token), 207, XML)
      }
      return c.body(multistatus(responses, syncTokenOf({ since: next })), 207, XML)
    }
    return c.body(null, 403)
  }

  async function getCard(c: Context<DavEnv>) {
    const id = CARD.exec(c.req.path)?.[1]
    const card = id && (await cardsOf(c.get('davUser'), [id], true)).get(id)
    if (!card) return c.body(null, 404)
    if (c.req.header('if-none-match') === card.etag) return c.body(null, 304, { ETag: card.etag })
    const headers = { 'Content-Type': VCARD_TYPE, ETag: card.etag, 'Cache-Control': 'no-store' }
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(card.vcard, 200, headers)
  }

  const readBody = bodyLimit({
    maxSize: REQUEST_BODY_LIMIT,
    onError: (c) => c.text('The request body is too large.', 413),
  })

  const dav = new Hono<DavEnv>()
    .options('*', (c) =>
      c.body(null, 200, {
        DAV: '1, 3, addressbook, sync-collection',
        Allow: 'OPTIONS, GET, HEAD, PROPFIND, REPORT',
      }),
    )
    .use('*', davSignIn(deps), readBody)
    .on(['GET', 'HEAD'], '*', getCard)
    .on('PROPFIND', '*', async (c) =>
      propfind(c, parsePropfind(await c.req.text()) as DavRequest & { kind: 'propfind' }),
    )
    .on('REPORT', '*', async (c) => report(c, parseReport(await c.req.text())))
    // Read-only: every change is made in the app, with its validation.
    .on(['PUT', 'DELETE', 'PROPPATCH', 'MKCOL', 'MOVE', 'COPY', 'POST'], '*', (c) =>
      c.body(errorBody(propName(DAV, 'need-privileges')), 403, XML),
    )
    .onError((error, c) => {
      if (error instanceof DavBadRequest) return c.text(error.message, 400)
      if (error instanceof UnsupportedReport) {
        return c.body(errorBody(propName(DAV, 'supported-report')), 403, XML)
      }
      throw error
    })

  return new Hono<AppEnv>()
    .all('/.well-known/carddav', (c) => c.redirect(DAV_ROOT, 301))
    .route('/dav', dav as unknown as Hono<AppEnv>)
}
