import { describe, expect, it } from 'vitest'
import { JOBS_POLL_MS, jobsStatusOptions } from '../../../web/api/jobs.js'
import {
  DEFAULT_MANAGE_QUERY,
  manageHref,
  parseManageQuery,
  withFilter,
} from '../../../web/components/manage/manage-params.js'
import { EMPTY_SEARCH, searchMode } from '../../../web/lib/search-params.js'
import { imageProviderNote } from '../../../web/components/admin/regenerate-images-dialog.js'

describe('the owner’s screens, their rules', () => {
  it('polls the job status every 3 s for an admin, only while the page is visible, and never when disabled', () => {
    expect(JOBS_POLL_MS).toBe(3000)
    expect(jobsStatusOptions(true)).toMatchObject({
      enabled: true,
      refetchInterval: 3000,
      refetchIntervalInBackground: false,
    })
    expect(jobsStatusOptions(false)).toMatchObject({ enabled: false, refetchInterval: false })
  })

  it('reads the Post Manager’s state from the address with the API’s schema, defaults for what it refuses', () => {
    expect(parseManageQuery('')).toEqual(DEFAULT_MANAGE_QUERY)
    expect(parseManageQuery('q=%20gauss%20&status=draft&page=3&enhanced=yes')).toMatchObject({
      q: 'gauss',
      status: 'draft',
      page: 3,
      enhanced: 'yes',
    })
    expect(parseManageQuery('status=deleted&page=-1&featured=yes')).toMatchObject({
      status: 'all',
      page: 1,
      featured: 'yes',
    })
    expect(manageHref(DEFAULT_MANAGE_QUERY)).toBe('/manage')
    expect(manageHref({ ...DEFAULT_MANAGE_QUERY, status: 'draft', page: 2 })).toBe('/manage?status=draft&page=2')
    // a new filter starts again at the first page
    expect(withFilter({ ...DEFAULT_MANAGE_QUERY, page: 4 }, { featured: 'yes' }).page).toBe(1)
  })

  it('searches only with a non-empty query; filters alone browse; neither asks nothing', () => {
    expect(searchMode(EMPTY_SEARCH)).toBe('idle')
    expect(searchMode({ ...EMPTY_SEARCH, q: '   ' })).toBe('idle')
    expect(searchMode({ ...EMPTY_SEARCH, q: 'bayes' })).toBe('search')
    expect(searchMode({ ...EMPTY_SEARCH, tags: ['probability'] })).toBe('browse')
    expect(searchMode({ ...EMPTY_SEARCH, readTime: [0, 10] })).toBe('browse')
  })

  it('tells in the image dialog who draws', () => {
    expect(imageProviderNote({ images: 'local', text: 'local', imageOptionsApply: false })).toMatch(
      /No OPENAI_API_KEY.*local artist.*not used/,
    )
    expect(imageProviderNote({ images: 'unavailable', text: 'unavailable', imageOptionsApply: false })).toMatch(
      /fail until a key is set/,
    )
    expect(imageProviderNote({ images: 'openai', text: 'openai', imageOptionsApply: true })).toBeNull()
  })
})
