import { Command } from 'commander'
import type { OWNER } from '../../auth/auth-service.js'
import type { Blog } from '../../app/blog.js'
import { NewPasswordSchema, SetupSchema, UsernameSchema } from '../../shared/schemas/auth.js'
import type { AdminSummary } from '../../shared/schemas/index.js'
import { EXIT, formatCliError, type CliIO } from '../output.js'
import { PromptCancelledError, promptNewPassword } from '../prompt-password.js'
import { dataOption, jsonOption, withBlog, type DataOptions } from '../shared-options.js'
import { parseArgs } from '../validate.js'

interface AdminOptions extends DataOptions {
  json?: boolean
  email?: string
  password?: string
}

const USER_JSON = '{"id", "username", "email", "role", "createdAt"}'
const PASSWORD_HELP = `
Without --password you are asked for it twice and nothing is echoed; when standard input is
not a terminal (a script, a pipe), its first line is the password. --password works too, but
the shell may keep it in its history.`

/** `blog admin create|list|reset-password`: the terminal owner's adapter over `blog.auth`. */
export function adminCommand(io: CliIO, setExit: (code: number) => void): Command {
  /** Bad input throws (exit 2, from runCli); a refusal by the core prints and exits 1. */
  const core = async <T>(
    opts: DataOptions,
    call: (blog: Blog, owner: typeof OWNER) => Promise<T> | T,
  ): Promise<T | undefined> => {
    const { OWNER: owner } = await import('../../auth/auth-service.js')
    return withBlog(opts, async (blog) => {
      try {
        return await call(blog, owner)
      } catch (e) {
        io.err(formatCliError(e))
        setExit(EXIT.failed)
        return undefined
      }
    })
  }
  /** The new password from --password, a hidden prompt, or piped input; null when cancelled. */
  const newPassword = async (opts: AdminOptions): Promise<string | null> => {
    if (opts.password !== undefined) {
      io.err(
        'Warning: a password given with --password may be kept in your shell history. Leave it out to be prompted instead.',
      )
      return opts.password
    }
    try {
      return await promptNewPassword((p) => parseArgs(NewPasswordSchema, p))
    } catch (e) {
      if (!(e instanceof PromptCancelledError)) throw e
      io.err('Cancelled.')
      setExit(EXIT.cancelled)
      return null
    }
  }

  const admin = new Command('admin').description('manage admin accounts: create, list, reset-password')
  admin
    .command('create')
    .description('create an admin account (at most 5)')
    .argument('<username>', 'letters, digits, dots, dashes and underscores')
    .option('--email <email>', 'e-mail address, for password reset mails')
    .option('--password <password>', 'the password (prompted for when not given)')
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText('after', `${PASSWORD_HELP}\n\n--json prints: {"user": ${USER_JSON}, "slotsRemaining"}`)
    .action(async (username: string, opts: AdminOptions) => {
      parseArgs(SetupSchema.omit({ password: true }), { username, email: opts.email })
      const password = await newPassword(opts)
      if (password === null) return
      const input = parseArgs(SetupSchema, { username, email: opts.email, password })
      const created = await core(opts, (blog, owner) => blog.auth.createAdmin(input, owner))
      if (!created) return
      const { user, slotsRemaining } = created
      if (opts.json) io.out(JSON.stringify({ user, slotsRemaining }))
      else
        io.out(
          `Created admin "${user.username}" (id ${user.id}). ${slotsRemaining} admin slot${slotsRemaining === 1 ? '' : 's'} remaining.`,
        )
    })
  admin
    .command('list')
    .description('list admin accounts')
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText('after', '\n--json prints: {"adminUsers": [{"id", "username", "createdAt"}]}')
    .action(async (opts: AdminOptions) => {
      const adminUsers = await core(opts, (blog, owner) => blog.auth.listAdmins(owner))
      if (!adminUsers) return
      if (opts.json) io.out(JSON.stringify({ adminUsers }))
      else
        io.out(
          adminUsers.length
            ? await adminTable(adminUsers)
            : 'No admin accounts yet. Create one with `blog admin create <username>`.',
        )
    })
  admin
    .command('reset-password')
    .description("set an admin's password and sign out all of that account's sessions")
    .argument('<username>')
    .option('--password <password>', 'the new password (prompted for when not given)')
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText('after', `${PASSWORD_HELP}\n\n--json prints: {"user": ${USER_JSON}}`)
    .action(async (name: string, opts: AdminOptions) => {
      const username = parseArgs(UsernameSchema, name)
      const given = await newPassword(opts)
      if (given === null) return
      const password = parseArgs(NewPasswordSchema, given)
      const user = await core(opts, (blog) => blog.auth.setPassword(username, password))
      if (!user) return
      if (opts.json) io.out(JSON.stringify({ user }))
      else io.out(`Password changed for "${user.username}"; every session of that account was signed out.`)
    })
  return admin
}

/** The table module measures text in terminal columns (ICU segmenters): loaded by the one command that prints one. */
const adminTable = async (admins: AdminSummary[]): Promise<string> =>
  (await import('../table.js')).formatTable([
    ['ID', 'USERNAME', 'CREATED'],
    ...admins.map((a) => [String(a.id), a.username, `${a.createdAt.slice(0, 16).replace('T', ' ')} UTC`]),
  ])
