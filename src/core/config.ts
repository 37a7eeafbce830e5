import { z } from 'zod'
import { resolve } from 'node:path'
import { readFileSync } from 'node:fs'
import { BlogError } from './errors.js'
import { dataFolder } from './data-folder.js'

/**
 * Settings come from (later wins): defaults, `data/config.json`, environment variables, and
 * what the caller (a CLI flag, a test) passes. Validated once here; the rest of the code trusts it.
 */
export const ConfigSchema = z.object({
  dataDir: z.string().min(1),
  siteName: z.string().min(1).max(100).default('Scholia'),
  siteDescription: z
    .string()
    .max(500)
    .default('Long-form essays, carefully typeset: mathematics, code and references, enhanced with AI.'),
  /** The default author of posts whose frontmatter names none (SPEC §1). */
  ownerName: z.string().min(1).max(200).default('The Editors'),
  /** Public address of the site, used for canonical and share links. */
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:4321')
    .transform((u) => u.replace(/\/+$/, '')),
  /**
   * Express's trust-proxy setting: false when Scholia faces the internet itself, a hop count,
   * or addresses (`loopback`, a CIDR) when it sits behind a reverse proxy that terminates HTTPS.
   * It decides the client address (rate limits) and whether cookies are sent Secure.
   */
  trustProxy: z.union([z.boolean(), z.number().int().min(0), z.string().min(1)]).default(false),
  /** bcrypt work factor for new password hashes (at least 10). */
  bcryptCost: z.number().int().min(10).max(15).default(11),
  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`); without it mail goes to data/outbox. */
  smtpUrl: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From address of outgoing mail. */
  mailFrom: z.string().min(3).max(200).optional(),
  /** Which AI provider enhances posts; unset means openai when a key is set, else local. */
  aiProvider: z.enum(['local', 'openai']).optional(),
  /** Key for the openai provider (OPENAI_API_KEY). */
  openaiApiKey: z.string().min(1).optional(),
  /** An OpenAI-compatible server instead of OpenAI's own (OPENAI_BASE_URL). */
  openaiBaseUrl: z.url({ protocol: /^https?$/ }).optional(),
  openaiModel: z.string().min(1).default('gpt-4o-mini'),
  openaiEmbeddingModel: z.string().min(1).default('text-embedding-3-small'),
  openaiTimeoutMs: z.number().int().min(1_000).max(600_000).default(120_000),
  /** Retries on rate limits and server errors, with exponential backoff. */
  openaiMaxRetries: z.number().int().min(0).max(10).default(3),
  /** How essays' citations are marked: "Vaswani et al., 2017" or numbered "[1]" (stored HTML changes on the next import). */
  citationStyle: z.enum(['author-year', 'numeric']).default('author-year'),
})
export type BlogConfig = Omit<z.infer<typeof ConfigSchema>, 'aiProvider'> & { aiProvider: 'local' | 'openai' }
export type ConfigInput = Partial<z.input<typeof ConfigSchema>>

const FileConfigSchema = ConfigSchema.omit({ dataDir: true }).partial()

function fromEnv(env: NodeJS.ProcessEnv): ConfigInput {
  const out: ConfigInput = {}
  if (env.BLOG_DATA_DIR) out.dataDir = env.BLOG_DATA_DIR
  if (env.BLOG_SITE_NAME) out.siteName = env.BLOG_SITE_NAME
  if (env.BLOG_OWNER_NAME) out.ownerName = env.BLOG_OWNER_NAME
  if (env.BLOG_BASE_URL) out.baseUrl = env.BLOG_BASE_URL
  if (env.BLOG_TRUST_PROXY) out.trustProxy = parseTrustProxy(env.BLOG_TRUST_PROXY)
  if (env.BLOG_BCRYPT_COST) out.bcryptCost = Number(env.BLOG_BCRYPT_COST)
  if (env.SMTP_URL) out.smtpUrl = env.SMTP_URL
  if (env.BLOG_MAIL_FROM) out.mailFrom = env.BLOG_MAIL_FROM
  if (env.BLOG_AI_PROVIDER) out.aiProvider = env.BLOG_AI_PROVIDER as ConfigInput['aiProvider']
  if (env.OPENAI_API_KEY) out.openaiApiKey = env.OPENAI_API_KEY
  if (env.OPENAI_BASE_URL) out.openaiBaseUrl = env.OPENAI_BASE_URL
  if (env.OPENAI_MODEL) out.openaiModel = env.OPENAI_MODEL
  if (env.OPENAI_EMBEDDING_MODEL) out.openaiEmbeddingModel = env.OPENAI_EMBEDDING_MODEL
  if (env.OPENAI_TIMEOUT_MS) out.openaiTimeoutMs = Number(env.OPENAI_TIMEOUT_MS)
  if (env.OPENAI_MAX_RETRIES) out.openaiMaxRetries = Number(env.OPENAI_MAX_RETRIES)
  if (env.BLOG_CITATION_STYLE) out.citationStyle = env.BLOG_CITATION_STYLE as ConfigInput['citationStyle']
  return out
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true'
  return /^\d+$/.test(value) ? Number(value) : value
}

function fromFile(dataDir: string): ConfigInput {
  const path = dataFolder(dataDir).config
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return {}
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new BlogError('VALIDATION', `${path} is not valid JSON: ${(e as Error).message}`)
  }
  const parsed = FileConfigSchema.safeParse(json)
  if (!parsed.success)
    throw new BlogError(
      'VALIDATION',
      `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  return parsed.data
}

export function loadConfig(input: ConfigInput = {}, env: NodeJS.ProcessEnv = process.env): BlogConfig {
  const envInput = fromEnv(env)
  const dataDir = resolve(input.dataDir ?? envInput.dataDir ?? 'data')
  const merged = { ...fromFile(dataDir), ...envInput, ...stripUndefined(input), dataDir }
  const parsed = ConfigSchema.safeParse(merged)
  if (!parsed.success) {
    throw new BlogError(
      'VALIDATION',
      `Invalid settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  }
  // DECISIONS.md: the local provider is the default when no key is set.
  return { ...parsed.data, aiProvider: parsed.data.aiProvider ?? (parsed.data.openaiApiKey ? 'openai' : 'local') }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}
