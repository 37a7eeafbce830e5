import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { EncodedBody, encodeFor, preferredEncoding } from '../../../src/server/encoded-body.js'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 refusals', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('br;q=0.5, gzip;q=1')).toBe('br')
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip')
    expect(preferredEncoding('GZIP')).toBe('gzip')
    expect(preferredEncoding('deflate, identity')).toBeNull()
    expect(preferredEncoding('gzip;q=0, br;q=0.0')).toBeNull()
    expect(preferredEncoding('')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
  })
})

describe('EncodedBody', () => {
  const html = Buffer.from('<!doctype html><p>' + 'An essay on entropy and surprise. '.repeat(500) + '</p>')

  it('compresses once per encoding and round-trips the bytes', () => {
    const body = new EncodedBody(html)
    const br = body.as('br')
    expect(body.as('br')).toBe(br)
    expect(brotliDecompressSync(br).equals(html)).toBe(true)
    expect(gunzipSync(body.as('gzip')).equals(html)).toBe(true)
    expect(body.as(null)).toBe(html)
  })

  it('sets Content-Encoding and Content-Length for what it answers', () => {
    const headers = new Map<string, string | number>()
    const bytes = encodeFor({ setHeader: (name, value) => headers.set(name, value) }, new EncodedBody(html), 'gzip, br')
    expect(headers.get('Content-Encoding')).toBe('br')
    expect(headers.get('Content-Length')).toBe(bytes.length)
    headers.clear()
    const plain = encodeFor({ setHeader: (name, value) => headers.set(name, value) }, new EncodedBody(html), undefined)
    expect(plain).toBe(html)
    expect(headers.has('Content-Encoding')).toBe(false)
    expect(headers.get('Content-Length')).toBe(html.length)
  })
})
