/**
 * The diagram thread: draws Mermaid and Graphviz sources as SVG for draw-diagrams.ts, which
 * waits for each batch. Its libraries load here, on first use (Graphviz is WebAssembly whose
 * start is asynchronous, which the render, being synchronous, could not wait for itself), and
 * stay loaded for the next essay.
 */
import type { instance } from '@viz-js/viz'
import type { MessagePort } from 'node:worker_threads'
import { workerData } from 'node:worker_threads'
import type { DiagramJob, DiagramReply, DiagramRequest, DiagramResult } from './diagram-protocol.js'
import { drawnSvg } from './drawn-svg.js'

type Viz = Awaited<ReturnType<typeof instance>>

const { port } = workerData as { port: MessagePort }
let graphviz: Promise<Viz> | null = null

port.on('message', (job: DiagramJob) => {
  void drawAll(job.requests).then((results) => {
    const reply: DiagramReply = { id: job.id, results }
    port.postMessage(reply)
    const signal = new Int32Array(job.signal)
    Atomics.store(signal, 0, 1)
    Atomics.notify(signal, 0)
  })
})

async function drawAll(requests: readonly DiagramRequest[]): Promise<DiagramResult[]> {
  const results: DiagramResult[] = []
  for (const request of requests) {
    try {
      results.push(request.engine === 'mermaid' ? await mermaid(request.source) : await dot(request.source))
    } catch (e) {
      results.push({ error: e instanceof Error ? e.message.split('\n')[0] : String(e) })
    }
  }
  return results
}

/** Mermaid's diagram types by their header word, as the alt text names them. */
const MERMAID_KINDS: Record<string, string> = {
  graph: 'Flowchart',
  flowchart: 'Flowchart',
  sequencediagram: 'Sequence diagram',
  classdiagram: 'Class diagram',
  statediagram: 'State diagram',
  'statediagram-v2': 'State diagram',
  erdiagram: 'Entity–relationship diagram',
  'xychart-beta': 'Chart',
  xychart: 'Chart',
}

async function mermaid(source: string): Promise<DiagramResult> {
  const header = mermaidHeader(source)
  const kind = MERMAID_KINDS[header.toLowerCase()]
  if (!kind)
    return {
      error: `a Mermaid ${header || 'diagram'} cannot be drawn here (flowcharts, sequence, class, state, ER diagrams and XY charts can)`,
    }
  const { renderMermaidSVG } = await import('beautiful-mermaid')
  // Dark lines on no background, as an author's line art: the page shows through, and in dark
  // mode such a figure sits on a light card (web/styles/prose.css). Colours derive from a white
  // background all the same, and the arXiv PNG is flattened onto white.
  const svg = renderMermaidSVG(source, { bg: '#ffffff', fg: '#27272a', font: 'Inter', transparent: true })
  return drawnSvg(svg, kind)
}

/** The diagram type a Mermaid source declares: its first word after front matter, comments and `%%{init}%%`. */
function mermaidHeader(source: string): string {
  const lines = source.replace(/^\s*---\n[^]*?\n---\s*\n/, '').split('\n')
  for (const line of lines) {
    const t = line.trim()
    if (t === '' || t.startsWith('%%')) continue
    return /^[\w-]+/.exec(t)?.[0] ?? ''
  }
  return ''
}

async function dot(source: string): Promise<DiagramResult> {
  graphviz ??= import('@viz-js/viz').then((viz) => viz.instance())
  const viz = await graphviz
  // Graphviz paints a white page under the graph unless told otherwise: transparent like Mermaid's.
  const result = viz.render(source, { format: 'svg', graphAttributes: { bgcolor: 'transparent' } })
  if (result.status !== 'success') {
    const problem = result.errors.find((e) => e.level === 'error') ?? result.errors[0]
    return { error: problem ? `Graphviz: ${problem.message.trim()}` : 'Graphviz could not draw it' }
  }
  return drawnSvg(result.output, 'Graph')
}
