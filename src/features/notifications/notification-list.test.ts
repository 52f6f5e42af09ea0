import { describe, expect, it } from 'vitest'
import type { NotificationList, NotificationRow } from './notifications.schema'
import { addTo, markAllReadIn, markReadIn, removeFrom } from './use-notifications'

const row = (id: string, minute: number, read = false): NotificationRow => ({
  id,
  title: `T${id}`,
  message: 'm',
  type: 'info',
  link: null,
  time: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  read,
})
const list = (): NotificationList => ({ items: [row('b', 2), row('a', 1, true)], total: 2, unread: 1 })

describe('applying stream events to the cached list', () => {
  it('adds a created notification once, newest first, with the server count', () => {
    const added = addTo(list(), row('c', 3), 2)
    expect(added.items.map((item) => item.id)).toEqual(['c', 'b', 'a'])
    expect(added).toMatchObject({ total: 3, unread: 2 })
    expect(addTo(added, row('c', 3), 5)).toBe(added)
  })

  it('marks read, all read and removes, counting when the server gave no count', () => {
    expect(markReadIn(list(), ['b'])).toMatchObject({ unread: 0 })
    expect(markReadIn(list(), ['b']).items[0]!.read).toBe(true)
    expect(markReadIn(list(), ['x'], 7).unread).toBe(7)
    expect(markAllReadIn(list()).items.every((item) => item.read)).toBe(true)
    expect(removeFrom(list(), ['b'])).toEqual({ items: [row('a', 1, true)], total: 1, unread: 0 })
    expect(removeFrom(list(), ['a'])).toMatchObject({ total: 1, unread: 1 })
  })
})
