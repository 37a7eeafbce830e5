import type { Store } from '../store/index.js'
import type { BlogConfig } from '../core/config.js'
import { BlogError, RateLimitError } from '../core/errors.js'
import { requireAdmin, requireSignedIn, type Viewer } from '../core/viewer.js'
import type { Mailer } from '../mail/mailer.js'
import { passwordResetMail } from '../mail/templates/password-reset.js'
import {
  MAX_ADMINS,
  NewPasswordSchema,
  type AdminSummary,
  type LoginInput,
  type PasswordResetInput,
  type SetupInput,
  type UpdatePasswordInput,
  type User,
  type UserRecord,
} from '../shared/schemas/index.js'
import { AttemptLimiter } from '../core/attempt-limiter.js'
import { LoginThrottle, type Attempt } from './login-throttle.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { hashResetToken, newResetToken, RESET_TOKEN_TTL_MS } from './reset-tokens.js'
import { BackgroundTasks } from './background-tasks.js'
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** What a session cookie carries: who, and which generation of their sessions. */
export interface SessionGrant {
  userId: number
  sessionVersion: number
}

/** The terminal owner (`blog admin …`): has the data folder, so needs no sign-in, but the rules on accounts still hold. */
export const OWNER = 'owner' as const
export type Actor = Viewer | typeof OWNER

const MINUTE = 60_000
const RESET_MAIL_WINDOW_MS = 15 * MINUTE
const INVALID_LOGIN = 'Invalid username or password'
const INVALID_RESET = 'This reset link is invalid or has expired. Request a new one.'
const FIRST_ADMIN_IN_TERMINAL =
  'This site already has posts, so its first admin is created from the terminal: run `blog admin create USERNAME` on the server, or open the setup link `blog serve` printed when it started.'
const MAX_ADMINS_MESSAGE = `Maximum admin accounts (${MAX_ADMINS}) reached. Log in with an existing admin account.`

export interface AuthServiceOptions {
  store: Store
  config: BlogConfig
  mailer: Mailer
  now: () => Date
  log: (message: string) => void
}

/** Accounts, sign-in, password resets. Rules live here; the HTTP routes and the CLI only adapt. */
export class AuthService {
  /**
   * The accounts issue: the 6th failure within 15 minutes is refused, with a growing lock
   * (issue 21: per account and client, counted before the compare; see login-throttle.ts).
   */
  private readonly guesses: LoginThrottle
  private readonly resetsByClient: AttemptLimiter
  /** One reset e-mail per address per window; further requests are answered the same, silently. */
  private readonly resetMails: AttemptLimiter
  private readonly background: BackgroundTasks
  private dummyHash: Promise<string> | null = null
  /**
   * Proof of terminal access for the first admin of a site that already has posts (issue 21):
   * `blog serve` prints it as a setup link; it lives only in this process's memory.
   */
  private readonly setupToken = randomBytes(24).toString('base64url')

  constructor(private readonly o: AuthServiceOptions) {
    const clock = () => o.now().getTime()
    // 15, 30, 60 minutes, then an hour each time: slow enough for guessing, never a day-long lock.
    this.guesses = new LoginThrottle(
      {
        max: 5,
        windowMs: 15 * MINUTE,
        firstLockMs: 15 * MINUTE,
        maxLockMs: 60 * MINUTE,
        forgetAfterMs: 24 * 60 * MINUTE,
      },
      clock,
    )
    this.resetsByClient = new AttemptLimiter(
      { max: 5, windowMs: 15 * MINUTE, lockoutMs: 15 * MINUTE, maxLockoutMs: 4 * 60 * MINUTE },
      clock,
    )
    this.resetMails = new AttemptLimiter(
      { max: 1, windowMs: RESET_MAIL_WINDOW_MS, lockoutMs: RESET_MAIL_WINDOW_MS, maxLockoutMs: RESET_MAIL_WINDOW_MS },
      clock,
    )
    this.background = new BackgroundTasks(o.log)
  }

  /** The user a session cookie stands for, or null when it was signed out since. */
  sessionUser(grant: { uid?: unknown; sv?: unknown } | null | undefined): UserRecord | null {
    if (!grant || typeof grant.uid !== 'number' || typeof grant.sv !== 'number') return null
    const user = this.record(grant.uid)
    return user && user.sessionVersion === grant.sv ? user : null
  }

  viewerOf(user: UserRecord | null): Viewer {
    return user ? { userId: user.id, role: user.role } : { userId: null, role: 'guest' }
  }

  me(viewer: Viewer): User {
    const id = requireSignedIn(viewer)
    const user = this.record(id)
    if (!user) throw new BlogError('UNAUTHENTICATED', 'Please sign in to do this.')
    return publicUser(user)
  }

  /** `client` identifies the caller for the failure limit (an IP address, 'terminal'). */
  async login(input: LoginInput, client: string): Promise<{ user: User; grant: SessionGrant }> {
    const user = this.byUsername(input.username)
    // Unknown names are limited too, under the name as typed (any case), so guessing costs the same.
    const account = user ? `#${user.id}` : `?${input.username.normalize('NFKC').toLowerCase()}`
    const attempt = this.reserveGuess(account, client, 'Too many failed sign-in attempts.')
    // An unknown user costs the same bcrypt work as a wrong password: timing tells nothing.
    const ok = await this.judged(attempt, async () =>
      user
        ? verifyPassword(input.password, user.passwordHash)
        : (await verifyPassword(input.password, await this.dummy()), false),
    )
    if (!ok || !user) {
      const lock = this.guesses.fail(attempt)
      if (lock)
        this.o.log(
          `Sign-in to ${JSON.stringify(input.username)} locked for ${Math.ceil(lock / MINUTE)} min after repeated failures (client ${client}).`,
        )
      throw new BlogError('UNAUTHENTICATED', INVALID_LOGIN)
    }
    this.guesses.succeed(attempt)
    return { user: publicUser(user), grant: grantOf(user) }
  }

  /** Voids every cookie of this user: cookie-session keeps no server state, the version does. */
  async logout(viewer: Viewer): Promise<void> {
    if (viewer.userId === null) return
    const id = viewer.userId
    await this.o.store.transact((tx) => {
      const user = tx.db.users.find((u) => u.id === id)
      if (user) user.sessionVersion += 1
    })
  }

  /**
   * DECISIONS.md: the first admin by anyone while none exists (or the terminal owner); once the
   * site holds posts, only with the setup link's token (issue 21). Further ones only by a
   * signed-in admin, never more than 5 — checked again inside the store lock,
   * so concurrent requests can't overshoot. A visitor who creates the first admin is signed in.
   */
  async createAdmin(
    input: SetupInput,
    actor: Actor,
    setupToken?: string,
  ): Promise<{ user: User; slotsRemaining: number; grant: SessionGrant | null }> {
    this.checkCanCreate(this.o.store.db.users, actor, setupToken)
    const passwordHash = await hashPassword(input.password, this.o.config.bcryptCost)
    const created = await this.o.store.transact((tx) => {
      const users = tx.db.users
      this.checkCanCreate(users, actor, setupToken)
      if (users.some((u) => sameText(u.username, input.username)))
        throw new BlogError('CONFLICT', `The username "${input.username}" is already taken.`)
      if (input.email && users.some((u) => u.email && sameText(u.email, input.email!)))
        throw new BlogError('CONFLICT', 'That e-mail address already belongs to an account.')
      const now = this.o.now().toISOString()
      const id = Math.max(tx.db.nextUserId, ...users.map((u) => u.id + 1))
      const user: UserRecord = {
        id,
        username: input.username,
        email: input.email ?? null,
        role: 'admin',
        passwordHash,
        sessionVersion: 0,
        passwordReset: null,
        createdAt: now,
        updatedAt: now,
      }
      users.push(user)
      tx.db.nextUserId = id + 1
      return { user, slotsRemaining: MAX_ADMINS - countAdmins(users) }
    })
    const signIn = actor !== OWNER && actor.userId === null
    return {
      user: publicUser(created.user),
      slotsRemaining: created.slotsRemaining,
      grant: signIn ? grantOf(created.user) : null,
    }
  }

  /** For adapters that want to refuse before reading the new account's details. */
  assertCanCreateAdmin(actor: Actor, setupToken?: string): void {
    this.checkCanCreate(this.o.store.db.users, actor, setupToken)
  }

  /**
   * The token of the setup link for the terminal owner to print, while the site has no admin.
   * Anonymous setup needs it once the site holds posts (or its db.json was rebuilt by
   * `blog doctor`): such a site is no fresh install, and its first visitor must not own it.
   */
  firstAdminSetup(): { token: string; required: boolean } | null {
    if (countAdmins(this.o.store.db.users) > 0) return null
    return { token: this.setupToken, required: this.anonymousSetupClosed() }
  }

  listAdmins(actor: Actor): AdminSummary[] {
    if (actor !== OWNER) requireAdmin(actor)
    return this.o.store.db.users
      .filter((u) => u.role === 'admin')
      .map((u) => ({ id: u.id, username: u.username, createdAt: u.createdAt }))
  }

  /**
   * Answers the same, at once, whether or not the address has an account: the lookup and the
   * mail happen in the background, so neither the reply nor its timing tells. Limited per
   * client (429). Per address it is silent (issue 21): a refusal there would let anyone lock
   * an owner out of resets, so at most one mail per address per window is sent and further
   * requests are answered the same and send nothing.
   */
  requestPasswordReset(email: string, client: string): void {
    const address = email.toLowerCase()
    this.refuseWhileLocked(this.resetsByClient, client, 'Too many password reset requests.')
    this.resetsByClient.record(client)
    if (this.resetMails.blockedFor(address) > 0) return
    this.resetMails.record(address)
    this.background.run(`password reset mail`, () => this.sendResetMail(address))
  }

  async resetPassword(input: PasswordResetInput): Promise<void> {
    const tokenHash = hashResetToken(input.token)
    if (!this.byResetToken(this.o.store.db.users, tokenHash)) throw new BlogError('VALIDATION', INVALID_RESET)
    const passwordHash = await hashPassword(input.password, this.o.config.bcryptCost)
    await this.o.store.transact((tx) => {
      // Again inside the lock: a token is good for one reset only.
      const user = this.byResetToken(tx.db.users, tokenHash)
      if (!user) throw new BlogError('VALIDATION', INVALID_RESET)
      Object.assign(user, {
        passwordHash,
        passwordReset: null,
        sessionVersion: user.sessionVersion + 1,
        updatedAt: this.o.now().toISOString(),
      })
    })
  }

  async updateEmail(viewer: Viewer, email: string): Promise<User> {
    const id = requireSignedIn(viewer)
    return this.o.store.transact((tx) => {
      const user = tx.db.users.find((u) => u.id === id)
      if (!user) throw new BlogError('UNAUTHENTICATED', 'Please sign in to do this.')
      if (tx.db.users.some((u) => u.id !== id && u.email && sameText(u.email, email)))
        throw new BlogError('CONFLICT', 'That e-mail address already belongs to another account.')
      Object.assign(user, { email, updatedAt: this.o.now().toISOString() })
      return publicUser(user)
    })
  }

  /** Changing the password signs out every other session; the caller's gets the returned grant. */
  async updatePassword(viewer: Viewer, input: UpdatePasswordInput, client: string): Promise<SessionGrant> {
    const id = requireSignedIn(viewer)
    const current = this.record(id)
    if (!current) throw new BlogError('UNAUTHENTICATED', 'Please sign in to do this.')
    // The same account-and-client budget as sign-in: a stolen session can't guess faster.
    const attempt = this.reserveGuess(`#${id}`, client, 'Too many failed password attempts.')
    if (!(await this.judged(attempt, () => verifyPassword(input.currentPassword, current.passwordHash)))) {
      this.guesses.fail(attempt)
      throw new BlogError('VALIDATION', 'Your current password is incorrect.')
    }
    this.guesses.succeed(attempt)
    return this.replacePassword((u) => u.id === id, input.newPassword)
  }

  /** `blog admin reset-password`: the terminal owner sets a password; every session of that user ends. */
  async setPassword(username: string, password: string): Promise<User> {
    const checked = NewPasswordSchema.safeParse(password)
    if (!checked.success) throw new BlogError('VALIDATION', checked.error.issues[0].message)
    const user = this.byUsername(username)
    if (!user)
      throw new BlogError(
        'NOT_FOUND',
        `There is no account named "${username}".`,
        'Run `blog admin list` to see the accounts.',
      )
    await this.replacePassword((u) => u.id === user.id, password)
    return publicUser(user)
  }

  /** Resolves when background work (reset mails) has finished: for shutdown and tests. */
  idle(): Promise<void> {
    return this.background.idle()
  }

  private async replacePassword(match: (u: UserRecord) => boolean, password: string): Promise<SessionGrant> {
    const passwordHash = await hashPassword(password, this.o.config.bcryptCost)
    return this.o.store.transact((tx) => {
      const user = tx.db.users.find(match)
      if (!user) throw new BlogError('UNAUTHENTICATED', 'Please sign in to do this.')
      Object.assign(user, {
        passwordHash,
        passwordReset: null,
        sessionVersion: user.sessionVersion + 1,
        updatedAt: this.o.now().toISOString(),
      })
      return grantOf(user)
    })
  }

  private async sendResetMail(address: string): Promise<void> {
    if (!this.o.store.db.users.some((u) => u.email && sameText(u.email, address))) return
    const token = newResetToken()
    const expiresAt = new Date(this.o.now().getTime() + RESET_TOKEN_TTL_MS).toISOString()
    // A newer token replaces the older one, which stops working.
    const user = await this.o.store.transact((tx) => {
      const found = tx.db.users.find((u) => u.email && sameText(u.email, address))
      if (found) found.passwordReset = { tokenHash: hashResetToken(token), expiresAt }
      return found ?? null
    })
    if (!user?.email) return
    const link = `${this.o.config.baseUrl}/?resetToken=${encodeURIComponent(token)}`
    const sent = await this.o.mailer.send(
      passwordResetMail({ to: user.email, username: user.username, siteName: this.o.config.siteName, link }),
    )
    this.o.log(
      `Password reset e-mail for "${user.username}" sent via ${this.o.mailer.description}${sent.file ? ` (${sent.file})` : ''}.`,
    )
  }

  private checkCanCreate(users: readonly UserRecord[], actor: Actor, setupToken?: string): void {
    if (countAdmins(users) >= MAX_ADMINS) throw new BlogError('CONFLICT', MAX_ADMINS_MESSAGE)
    if (actor !== OWNER && countAdmins(users) > 0) requireAdmin(actor)
    if (actor !== OWNER && countAdmins(users) === 0 && this.anonymousSetupClosed() && !this.isSetupToken(setupToken)) {
      throw new BlogError('FORBIDDEN', FIRST_ADMIN_IN_TERMINAL)
    }
  }

  /** Issue 21: a site with posts, or a db.json rebuilt beside existing posts, is no fresh install. */
  private anonymousSetupClosed(): boolean {
    return this.o.store.db.firstAdmin === 'terminal' || this.o.store.posts().length > 0
  }

  private isSetupToken(candidate: string | undefined): boolean {
    if (!candidate) return false
    const a = Buffer.from(candidate)
    const b = Buffer.from(this.setupToken)
    return a.length === b.length && timingSafeEqual(a, b)
  }

  private refuseWhileLocked(limiter: AttemptLimiter, key: string, what: string): void {
    const ms = limiter.blockedFor(key)
    if (ms) throw tooMany(what, ms)
  }

  /** Counts a password guess before it is compared, or refuses it (429) when none is allowed now. */
  private reserveGuess(account: string, client: string, what: string): Attempt {
    const attempt = this.guesses.reserve(`${account}\u0000${client}`)
    if ('retryAfterMs' in attempt) throw tooMany(what, attempt.retryAfterMs)
    return attempt
  }

  /** The compare for a reserved guess; one that never gave an answer (the queue was full) does not count. */
  private async judged(attempt: Attempt, compare: () => Promise<boolean>): Promise<boolean> {
    try {
      return await compare()
    } catch (e) {
      this.guesses.release(attempt)
      throw e
    }
  }

  private byResetToken(users: UserRecord[], tokenHash: string): UserRecord | null {
    const now = this.o.now().getTime()
    return (
      users.find((u) => u.passwordReset?.tokenHash === tokenHash && Date.parse(u.passwordReset.expiresAt) > now) ?? null
    )
  }

  private record(id: number): UserRecord | null {
    return this.o.store.db.users.find((u) => u.id === id) ?? null
  }

  private byUsername(username: string): UserRecord | null {
    return this.o.store.db.users.find((u) => sameText(u.username, username)) ?? null
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('not a password anyone has', this.o.config.bcryptCost)
    return this.dummyHash
  }
}

/** The only way an account leaves the core: no hash, no token, no session version. */
export function publicUser(u: UserRecord): User {
  return { id: u.id, username: u.username, email: u.email, role: u.role, createdAt: u.createdAt }
}

function tooMany(what: string, ms: number): RateLimitError {
  const minutes = Math.ceil(ms / MINUTE)
  return new RateLimitError(`${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, Math.ceil(ms / 1000))
}

const grantOf = (u: UserRecord): SessionGrant => ({ userId: u.id, sessionVersion: u.sessionVersion })
const countAdmins = (users: readonly UserRecord[]) => users.filter((u) => u.role === 'admin').length
const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0
