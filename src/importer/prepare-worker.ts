import { serveTasks } from '../core/thread-worker.js'
import { prepareEssay } from './prepare-essay.js'

/** An import worker (see prepare-many.ts): parses and renders one file per message. */
serveTasks(prepareEssay)
