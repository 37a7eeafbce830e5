import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { blog } from '../helpers/cli.js'
import { fixtureSite } from '../helpers/blog.js'
import { FakeOpenAi, GOOD, goodAnswers } from '../helpers/fake-openai.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('cli-generate-')
const data = join(tmp.path, 'data')
const fake = new FakeOpenAi('sk-test', goodAnswers)
/** No key from the developer's own environment reaches these runs. */
const offline = { OPENAI_API_KEY: '', BLOG_AI_PROVIDER: '' }

beforeAll(async () => {
  await fake.start()
  const b = await createBlog({ dataDir: data, env: {}, log: () => {} })
  await b.importer.importPaths([fixtureSite])
  await b.close()
})
afterAll(async () => {
  await fake.stop()
  tmp.cleanup()
})

describe('blog generate', () => {
  it('prints a line per post and kind and a summary, exiting 0', async () => {
    const { code, stdout, stderr } = await blog(['generate', '--all', '--summary', '--data', data], { env: offline })
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.trim().split('\n')).toEqual([
      '✓ summary      the-gaussian-integral-three-ways',
      '✓ summary      on-notation',
      '✓ summary      an-unfinished-draft',
      '3 done, 0 failed (provider: local)',
    ])
  })

  it('with --json prints one object; a failed kind exits 1 and the rest is kept', async () => {
    fake.answer(
      { kind: 'json', content: GOOD.scholia_annotations },
      { kind: 'status', status: 500, message: 'model server down' },
    )
    const { code, stdout } = await blog(
      ['generate', 'on-notation', '--annotations', '--models', '--provider', 'openai', '--json', '--data', data],
      {
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, OPENAI_MAX_RETRIES: '0' },
      },
    )
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toEqual({
      provider: 'openai',
      results: [
        // One of the fake's annotations quotes text the essay does not have: checked and dropped (issue 22).
        {
          slug: 'on-notation',
          kind: 'annotations',
          status: 'done',
          error: null,
          notes: ['annotations not found in the essay, dropped: 1'],
        },
        {
          slug: 'on-notation',
          kind: 'models',
          status: 'failed',
          error:
            'OpenAI could not generate a mathematical model: the server answered 500 model server down. Nothing was changed.',
        },
      ],
      summary: { done: 1, failed: 1 },
    })
    const b = await createBlog({ dataDir: data, env: {}, log: () => {} })
    const body = await b.store.body(b.store.postBySlug('on-notation')!)
    await b.close()
    expect(body.provenance.annotations?.provider).toBe('openai')
    expect(body.mathematicalModel).toBeNull()
  })

  it('exits 2 without doing anything when a slug is unknown', async () => {
    const { code, stdout, stderr } = await blog(['generate', 'on-notation', 'no-such-post', '--data', data], {
      env: offline,
    })
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.trim()).toBe('Error: No post with the slug "no-such-post". Nothing was generated.')
  })
})
