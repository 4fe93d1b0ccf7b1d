import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'

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
    overscan: 6,
    scrollMargin: listTop,
  })
  const rows = virtualizer.getVirtualItems()
  const before = (rows[0]?.start ?? listTop) - listTop
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? listTop) - listTop)
  return {
    listRef,
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

/** A flat list virtualised by useVirtualRows: each item as `children` renders it. */
export function VirtualList<Item>({ items, getKey, estimatedHeight, gap, children }: Props<Item>) {
  const { listRef, rows, style, measureElement } = useVirtualRows({
    count: items.length,
    estimateSize: () => estimatedHeight,
    getItemKey: (index) => {
      const item = items[index]
      return item === undefined ? String(index) : getKey(item)
    },
  })
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
