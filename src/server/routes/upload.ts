import { Router, type NextFunction, type Request, type Response } from 'express'
import multer from 'multer'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { BlogError } from '../../core/errors.js'
import { DEFAULT_MAX_ESSAY_BYTES } from '../../importer/files/read-essay-file.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/**
 * Limits of one upload request (413 beyond them). A folder of essays brings its figures along,
 * so the count allows a book (d2l: 88 chapters and 101 figures); the bytes stay those of the
 * essays' own limits, the whole request being held in memory.
 */
export const UPLOAD_LIMITS = { files: 300, fileBytes: DEFAULT_MAX_ESSAY_BYTES, requestBytes: 30 * 1024 * 1024 }

/** Each file's relative path in the chosen folder, in the order of `files` (optional; a label, never trusted as a path). */
const UploadPaths = z.union([z.string().max(4096), z.array(z.string().max(4096)).max(UPLOAD_LIMITS.files)]).optional()

const MB = 1024 * 1024

/** POST /api/upload: multipart, the repeated `files` field (SPEC §7), answering `{posts, files, summary, bannerJobs}`. */
export function uploadRoutes(blog: Blog): Router {
  const router = Router()
  const receive = multer({
    storage: multer.memoryStorage(),
    // One byte over the essay limit, so an oversized file is refused by the importer per file, not the whole request.
    limits: {
      files: UPLOAD_LIMITS.files,
      fileSize: UPLOAD_LIMITS.fileBytes + 1,
      fields: UPLOAD_LIMITS.files + 10,
      fieldSize: 64 * 1024,
      parts: 2 * UPLOAD_LIMITS.files + 10,
    },
  }).array('files', UPLOAD_LIMITS.files)

  return registerAll(
    router,
    {
      upload: async (_input, req, res) => {
        const files = (req.files as Express.Multer.File[] | undefined) ?? []
        if (files.length === 0)
          throw new BlogError('VALIDATION', 'No files were sent: choose one or more .md or .markdown files.')
        const paths = pathsOf(req.body as Record<string, unknown> | undefined, files.length)
        return blog.uploads.receive(
          viewerOf(res),
          files.map((f, i) => ({ name: f.originalname, bytes: f.buffer, ...(paths[i] ? { path: paths[i] } : {}) })),
        )
      },
    },
    {
      upload: [
        refuseLargeRequests,
        (req: Request, res: Response, next: NextFunction) =>
          receive(req, res, (err: unknown) => next(err ? uploadError(err) : undefined)),
      ],
    },
  )
}

/** The `paths` field, one per file when given; anything else is a 400. */
function pathsOf(body: Record<string, unknown> | undefined, count: number): (string | undefined)[] {
  const parsed = UploadPaths.safeParse(body?.paths)
  if (!parsed.success) throw new BlogError('VALIDATION', 'The "paths" field must list one relative path per file.')
  const list = parsed.data === undefined ? [] : Array.isArray(parsed.data) ? parsed.data : [parsed.data]
  if (list.length > 0 && list.length !== count)
    throw new BlogError('VALIDATION', 'The "paths" field must list one relative path per file.')
  return list
}

/** A declared body over the limit is refused before a byte of it is read. */
function refuseLargeRequests(req: Request, _res: Response, next: NextFunction): void {
  const length = Number(req.headers['content-length'] ?? 0)
  if (length > UPLOAD_LIMITS.requestBytes)
    return next(
      new BlogError(
        'TOO_LARGE',
        `An upload may be at most ${UPLOAD_LIMITS.requestBytes / MB} MB in all; send fewer files at a time.`,
      ),
    )
  next()
}

function uploadError(err: unknown): Error {
  const code = (err as { code?: string }).code
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new BlogError('TOO_LARGE', `Each file may be at most ${UPLOAD_LIMITS.fileBytes / MB} MB.`)
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_PART_COUNT':
      return new BlogError('TOO_LARGE', `At most ${UPLOAD_LIMITS.files} files per upload.`)
    case 'LIMIT_UNEXPECTED_FILE':
      return new BlogError('VALIDATION', 'Files must be sent in the "files" field.')
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
      return new BlogError('TOO_LARGE', 'The upload form has too many or too large fields.')
    default:
      // Busboy's parse errors ("Malformed part header", "Unexpected end of form") carry no code;
      // in-memory storage cannot fail on its own, so whatever else fails here is the request's form.
      return err instanceof BlogError
        ? err
        : new BlogError('VALIDATION', 'The upload could not be read as a multipart form.')
  }
}
