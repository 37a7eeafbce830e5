import { ListChecks } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { useUpload } from '../api/admin.js'
import { useJobsStatus } from '../api/jobs.js'
import { useToast } from '../components/ui/toaster.js'
import { DropZone } from '../components/upload/drop-zone.js'
import { UploadList } from '../components/upload/upload-list.js'
import { applyUploadAnswer, entriesForFiles, failBatch, isMarkdownName } from '../components/upload/upload-entries.js'
import { isSupportingName } from '../components/upload/folder-files.js'
import type { UploadEntry } from '../components/upload/upload-entries.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { serverMessage } from '../lib/errors.js'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** SPEC §2 Upload page: drop or browse markdown files, then follow each file to its post. Rendered inside AdminOnly. */
export function UploadPage() {
  useDocumentTitle('Upload')
  const [entries, setEntries] = useState<UploadEntry[]>([])
  const upload = useUpload()
  const { data: jobs } = useJobsStatus(true)
  const { toast } = useToast()

  async function onFiles(files: File[]) {
    const markdown = files.filter((f) => isMarkdownName(f.name))
    if (markdown.length === 0) {
      toast({ title: 'No Markdown Files', description: 'Please select .md or .markdown files', variant: 'destructive' })
      return
    }
    // Figures and .bib files go along with the essays (used only when an essay refers to them) and are not listed.
    const supporting = files.filter((f) => !isMarkdownName(f.name) && isSupportingName(f.name))
    const listed = files.filter((f) => !supporting.includes(f))
    const added = entriesForFiles(listed)
    const batch = added.filter((e) => e.status === 'processing').map((e) => e.key)
    setEntries((current) => [...added, ...current])
    try {
      const answer = await upload.mutateAsync([...markdown, ...supporting])
      setEntries((current) => applyUploadAnswer(current, batch, answer))
      const failed =
        (answer.files ?? []).filter((f) => f.status === 'failed').length + (listed.length - markdown.length)
      const done = (answer.files ?? []).length - (answer.files ?? []).filter((f) => f.status === 'failed').length
      if (failed === 0) {
        toast({ title: 'Upload Complete', description: `${plural(done, 'file')} uploaded.` })
      } else {
        toast({
          title: done > 0 ? 'Some Files Failed' : 'No Files Imported',
          description: `${done} uploaded, ${failed} failed. The list shows why.`,
          variant: 'destructive',
        })
      }
    } catch (error) {
      const message = serverMessage(error, 'The upload could not be completed. Please try again.')
      setEntries((current) => failBatch(current, batch, message))
      toast({ title: 'Upload Failed', description: message, variant: 'destructive' })
    }
  }

  return (
    <div className="upload">
      <DropZone onFiles={(files) => void onFiles(files)} />
      <UploadList
        entries={entries}
        jobs={jobs?.jobs ?? []}
        onClear={() => setEntries((current) => current.filter((e) => e.status === 'processing'))}
      />
      <p className="upload__aside">
        <ListChecks size={16} aria-hidden="true" />
        <span>
          Uploaded essays appear on the <Link href="/manage">Manage</Link> page, where you can edit, publish and enhance
          them.
        </span>
      </p>
    </div>
  )
}
