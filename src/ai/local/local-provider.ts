import type { Annotation, Bibliography, MathematicalModel } from '../../shared/schemas/index.js'
import { drawLocalImage } from '../../images/local-art.js'
import type { AiProvider, EssayInput, GeneratedImage, ImageRequest } from '../provider.js'
import { localAnnotations } from './annotations.js'
import { expandReading } from './expand-reading.js'
import { guardContext } from '../guard/guard-context.js'
import { localBibliography } from './bibliography/index.js'
import { readEssay } from '../../text/read-essay.js'
import { readEssayMarkdown } from '../../text/read-essay-markdown.js'
import type { EssayDoc } from '../../text/essay-doc.js'
import { localModel } from './model/build-model.js'
import { siteIndex } from '../../text/site-index.js'
import { localSummary } from './summary.js'
import { LOCAL_TEXT_MODEL } from './text-model.js'

export { LOCAL_TEXT_MODEL }

/**
 * The offline provider (DECISIONS.md: deterministic and honest). Everything it returns is
 * extracted or computed from the essay and the site's other essays: key terms and the
 * sentences that explain them, the works the essay cites, its most central sentences, the
 * formulas it contains. Nothing is invented. Same input, same output.
 */
export class LocalProvider implements AiProvider {
  readonly name = 'local' as const
  readonly textModel = LOCAL_TEXT_MODEL
  /** One reading per input object: the service builds one input for all kinds of a post. */
  private readonly docs = new WeakMap<EssayInput, EssayDoc>()

  // async, so that a defect surfaces as a rejected promise like any provider failure.
  async annotations(input: EssayInput): Promise<Annotation[]> {
    return localAnnotations(input, this.doc(input), siteIndex(input.site))
  }

  async bibliography(input: EssayInput): Promise<Bibliography> {
    return localBibliography(input, this.doc(input), siteIndex(input.site))
  }

  async summary(input: EssayInput): Promise<string> {
    return localSummary(input, this.doc(input), siteIndex(input.site))
  }

  async mathematicalModel(input: EssayInput): Promise<MathematicalModel> {
    return localModel(input, this.doc(input))
  }

  image(request: ImageRequest): Promise<GeneratedImage> {
    return drawLocalImage(request)
  }

  private doc(input: EssayInput): EssayDoc {
    let doc = this.docs.get(input)
    if (!doc) {
      doc = input.reading
        ? readEssay(expandReading(input.reading, guardContext(input).macros))
        : readEssayMarkdown(input.markdown, input.references)
      this.docs.set(input, doc)
    }
    return doc
  }
}
