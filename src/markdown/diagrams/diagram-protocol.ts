/** The languages of diagram sources the site draws: Mermaid, and Graphviz's DOT. */
export type DiagramEngine = 'mermaid' | 'graphviz'

/** One diagram to draw. */
export interface DiagramRequest {
  engine: DiagramEngine
  source: string
}

/** A drawn diagram: a self-contained SVG (no scripts, styles or fonts from elsewhere), and what it says. */
export interface DrawnDiagram {
  svg: string
  /** Its size in CSS pixels, as drawn. */
  width: number
  height: number
  /** What kind of diagram it is, for its alt text: "Flowchart", "Sequence diagram", "Graph". */
  kind: string
  /** The texts written in it (node and edge labels), in drawing order, each once. */
  labels: string[]
}

export type DiagramResult = DrawnDiagram | { error: string }

/** Main thread → diagram thread: a batch, and the shared word the main thread waits on. */
export interface DiagramJob {
  id: number
  requests: DiagramRequest[]
  signal: SharedArrayBuffer
}

/** Diagram thread → main thread: one result per request, in order. */
export interface DiagramReply {
  id: number
  results: DiagramResult[]
}
