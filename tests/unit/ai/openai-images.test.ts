import { describe, it, expect, beforeEach, afterEach } from 'vitest'
import OpenAI from 'openai'
import { Resvg } from '@resvg/resvg-js'
import { generateOpenAiImage } from '../../../src/ai/openai/images.js'
import { pngSize } from '../../../src/images/png.js'
import { ImageOptionsSchema, type ImageOptions } from '../../../src/shared/schemas/index.js'
import type { ImageRequest } from '../../../src/ai/provider.js'
import { FakeOpenAiImages } from '../../helpers/fake-openai-images.js'

/** A flat PNG of a given size, as a provider would send. */
const png = (width: number, height: number) =>
  new Uint8Array(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#369"/></svg>`,
    )
      .render()
      .asPng(),
  )

const post = { id: 3, slug: 'on-notation', title: 'On Notation', tags: ['mathematics'], excerpt: 'Why symbols matter.' }
const request = (kind: 'banner' | 'content', options: Partial<ImageOptions> = {}): ImageRequest => ({
  kind,
  post,
  concepts: ['leibniz', 'symbols'],
  options: ImageOptionsSchema.parse(options),
  ...(kind === 'banner' ? { width: 1200, height: 630 } : { width: 1024, height: 768 }),
  index: 0,
})

let fake: FakeOpenAiImages
let client: OpenAI
beforeEach(async () => {
  fake = await new FakeOpenAiImages().start()
  client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 })
})
afterEach(() => fake.stop())

describe('generateOpenAiImage', () => {
  it('asks dall-e-3 for a wide banner with quality, style and base64, and crops it to 1200×630', async () => {
    fake.answer({ kind: 'png', bytes: png(1792, 1024) })
    const image = await generateOpenAiImage(client, request('banner'))
    const [sent] = fake.requests
    expect(sent.authorization).toBe('Bearer sk-test')
    expect(sent.body).toMatchObject({
      model: 'dall-e-3',
      size: '1792x1024',
      quality: 'hd',
      style: 'natural',
      response_format: 'b64_json',
      n: 1,
    })
    expect(sent.body.prompt).toContain('"On Notation"')
    expect(sent.body.prompt).toContain('leibniz')
    expect(pngSize(image.png)).toEqual({ width: 1200, height: 630 })
    expect(image).toMatchObject({ width: 1200, height: 630, model: 'dall-e-3', prompt: sent.body.prompt })
  })

  it('sends quality and style only to dall-e-3', async () => {
    fake.answer({ kind: 'png', bytes: png(1024, 1024) })
    await generateOpenAiImage(client, request('content', { model: 'dall-e-2', quality: 'hd', style: 'vivid' }))
    expect(fake.requests[0].body).toMatchObject({ model: 'dall-e-2', size: '1024x1024', response_format: 'b64_json' })
    expect(fake.requests[0].body).not.toHaveProperty('quality')
    expect(fake.requests[0].body).not.toHaveProperty('style')

    fake.answer({ kind: 'png', bytes: png(1536, 1024) })
    const image = await generateOpenAiImage(
      client,
      request('banner', { model: 'gpt-image-1', quality: 'hd', style: 'vivid' }),
    )
    const body = fake.requests[1].body
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', output_format: 'png' })
    for (const key of ['quality', 'style', 'response_format']) expect(body).not.toHaveProperty(key)
    expect(pngSize(image.png)).toEqual({ width: 1200, height: 630 })
  })

  it('passes dall-e-3 vivid/standard through', async () => {
    fake.answer({ kind: 'png', bytes: png(1024, 1024) })
    const image = await generateOpenAiImage(client, request('content', { quality: 'standard', style: 'vivid' }))
    expect(fake.requests[0].body).toMatchObject({
      model: 'dall-e-3',
      size: '1024x1024',
      quality: 'standard',
      style: 'vivid',
    })
    expect(pngSize(image.png)).toEqual({ width: 1024, height: 768 })
  })

  it('uses the custom prompt only when switched on and not empty', async () => {
    fake.answer({ kind: 'png', bytes: png(1792, 1024) })
    await generateOpenAiImage(
      client,
      request('banner', { useCustomPrompt: true, customPrompt: '  A quill on vellum  ' }),
    )
    expect(fake.requests[0].body.prompt).toBe('A quill on vellum')
    await generateOpenAiImage(client, request('banner', { useCustomPrompt: true, customPrompt: '   ' }))
    expect(fake.requests[1].body.prompt).toContain('"On Notation"')
    await generateOpenAiImage(client, request('banner', { useCustomPrompt: false, customPrompt: 'A quill on vellum' }))
    expect(fake.requests[2].body.prompt).not.toContain('quill')
  })

  it('cuts a dall-e-2 prompt to 1,000 characters', async () => {
    fake.answer({ kind: 'png', bytes: png(1024, 1024) })
    await generateOpenAiImage(
      client,
      request('banner', { model: 'dall-e-2', useCustomPrompt: true, customPrompt: 'y'.repeat(3_000) }),
    )
    expect((fake.requests[0].body.prompt as string).length).toBe(1_000)
  })

  it('fails with a clear message on 429, 500, a malformed answer or bytes that are no image', async () => {
    fake.answer({ kind: 'status', status: 429, message: 'Rate limit reached' })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow(
      /refused the banner image for "On Notation": 429 .*Rate limit/,
    )
    await fake.stop()

    fake = await new FakeOpenAiImages().answer({ kind: 'status', status: 500, message: 'boom' }).start()
    client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow(/500/)

    fake.answer({ kind: 'json', body: { created: 1, data: [] } })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow('answered without an image')

    fake.answer({
      kind: 'json',
      body: { created: 1, data: [{ b64_json: Buffer.from('<html>not an image</html>').toString('base64') }] },
    })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow('not an image')

    fake.answer({ kind: 'png', bytes: png(1792, 1024).slice(0, 60) })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow('damaged PNG')

    // A whole JPEG header with nothing decodable behind it.
    fake.answer({
      kind: 'png',
      bytes: new Uint8Array([
        0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
      ]),
    })
    await expect(generateOpenAiImage(client, request('banner'))).rejects.toThrow('could not be decoded')
  })

  it('retries 429 when the client is set to (the openai client’s own backoff)', async () => {
    fake.answer({ kind: 'status', status: 429, message: 'slow down' }, { kind: 'png', bytes: png(1792, 1024) })
    const retrying = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 1 })
    const image = await generateOpenAiImage(retrying, request('banner'))
    expect(fake.requests).toHaveLength(2)
    expect(pngSize(image.png)).toEqual({ width: 1200, height: 630 })
  })
})
