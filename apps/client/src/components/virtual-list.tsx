import {
  observeElementRect,
  useVirtualizer,
  useWindowVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'

type Options = {
  count: number
  /** A first guess of row `index`'s height, corrected by measuring each row once it is shown. */
  estimateSize: (index: number) => number
  getItemKey: (index: number) => string
}

/**
 * A long list in the window's scroll, rendered as only the rows near the view, so it scrolls and
 * lays out as fast as a short one. The list element takes `listRef` and `style` (padding stands in
 * for the rows not rendered); each row rendered takes `data-index` and `ref={measureElement}`.
 * Tabbing on from the last row rendered scrolls it into view, which renders the rows after it.
 */
export function useVirtualRows({ count, estimateSize, getItemKey }: Options) {
  const listRef = useRef<HTMLDivElement | null>(null)
  const [listTop, setListTop] = useState(0)
  // Where the list starts in the page moves when something above it changes the page's size.
  useLayoutEffect(() => {
    const element = listRef.current
    if (!element) return
    const measure = () => setListTop(element.getBoundingClientRect().top + window.scrollY)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: listTop,
  })
  return { listRef, ...rowsShown(virtualizer, listTop) }
}

/** useVirtualRows for a list that starts at the top of a scrolling element of its own (a dialog's). */
export function useVirtualRowsIn(scroller: HTMLElement | null, options: Options) {
  // The compiler leaves this hook's callers unmemoised, as they must be: the rows shown change with
  // the scroll, not with the props.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    ...options,
    overscan: OVERSCAN,
    getScrollElement: () => scroller,
    // A scroller not laid out yet (or never: jsdom) has no height; the window's stands in for it.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) =>
        onRect(rect.height > 0 ? rect : { ...rect, height: window.innerHeight }),
      ),
  })
  return rowsShown(virtualizer, 0)
}

// Rows rendered beyond each edge of the view, so focus moving by Tab finds the next row there.
const OVERSCAN = 6

function rowsShown<Scroller extends Element | Window>(
  virtualizer: Virtualizer<Scroller, Element>,
  listTop: number,
) {
  const rows = virtualizer.getVirtualItems()
  const before = (rows[0]?.start ?? listTop) - listTop
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? listTop) - listTop)
  return {
    rows,
    style: { paddingTop: before, paddingBottom: Math.max(0, after) },
    measureElement: virtualizer.measureElement,
  }
}

type Props<Item> = {
  items: readonly Item[]
  getKey: (item: Item) => string
  /** A first guess of a row's height, gap included. */
  estimatedHeight: number
  /** The space after each row, in px. */
  gap: number
  children: (item: Item) => ReactNode
}

function optionsOf<Item>({ items, getKey, estimatedHeight }: Props<Item>): Options {
  return {
    count: items.length,
    estimateSize: () => estimatedHeight,
    getItemKey: (index) => {
      const item = items[index]
      return item === undefined ? String(index) : getKey(item)
    },
  }
}

/** A flat list in the window's scroll, virtualised by useVirtualRows. */
export function VirtualList<Item>(props: Props<Item>) {
  const { listRef, ...shown } = useVirtualRows(optionsOf(props))
  return <Rows {...props} shown={shown} listRef={listRef} />
}

/** A flat list at the top of `scroller`, virtualised by useVirtualRowsIn. */
export function VirtualListIn<Item>({
  scroller,
  ...props
}: Props<Item> & { scroller: HTMLElement | null }) {
  return <Rows {...props} shown={useVirtualRowsIn(scroller, optionsOf(props))} />
}

function Rows<Item>({
  items,
  gap,
  children,
  shown: { rows, style, measureElement },
  listRef,
}: Props<Item> & {
  shown: ReturnType<typeof rowsShown>
  listRef?: RefObject<HTMLDivElement | null>
}) {
  return (
    <div ref={listRef} style={style}>
      {rows.map((row) => {
        const item = items[row.index]
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={measureElement}
            style={{ paddingBottom: gap }}
          >
            {item !== undefined && children(item)}
          </div>
        )
      })}
    </div>
  )
}
