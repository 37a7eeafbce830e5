/**
 * Files of a chosen or dropped folder, with where each sat in it: the server writes them at
 * these relative paths so that essays find their figures and `.bib` files (`../img/x.png`).
 */

const relativePaths = new WeakMap<File, string>()

/** The file's path inside the chosen folder (`book/img/x.png`), or its name when it came alone. */
export function relativePathOf(file: File): string {
  return relativePaths.get(file) || file.webkitRelativePath || file.name
}

/** Figures, media and `.bib` files travel with the essays that use them; they are not essays themselves. */
export function isSupportingName(name: string): boolean {
  return /\.(png|jpe?g|gif|webp|avif|svg|mp4|webm|ogg|oga|ogv|mp3|pdf|bib)$/i.test(name)
}

/** Dot-files and folders (`.git`, `.DS_Store`) are never part of an essay. */
const hidden = (name: string) => name.startsWith('.')

/**
 * Every file of a drop, folders walked (the File System API's entries; a browser without it
 * gives the dropped files only). Each file remembers its path for `relativePathOf`.
 */
export async function filesOfDrop(transfer: DataTransfer): Promise<File[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.() ?? null)
  if (entries.some((e) => e === null)) return [...transfer.files]
  const files: File[] = []
  for (const entry of entries) await collect(entry!, '', files)
  return files
}

async function collect(entry: FileSystemEntry, prefix: string, out: File[]): Promise<void> {
  if (hidden(entry.name)) return
  const path = prefix + entry.name
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
    relativePaths.set(file, path)
    out.push(file)
    return
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  // readEntries answers in chunks (100 in Chrome) until an empty one.
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (chunk.length === 0) break
    for (const child of chunk) await collect(child, `${path}/`, out)
  }
}

/** A chosen folder's files without its hidden ones. */
export function visibleFiles(files: readonly File[]): File[] {
  return files.filter((f) => !relativePathOf(f).split('/').some(hidden))
}
