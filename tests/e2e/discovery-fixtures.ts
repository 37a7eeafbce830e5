import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Essays for the discovery browser tests: a small family on uncertainty and information that
 * share tags and vocabulary (so related posts, the smart sidebar and search have something to
 * find), one with seven tags (for the '+N more' cut) and one on something else entirely.
 */
export const DISCOVERY_ESSAYS: {
  slug: string
  title: string
  tags: string[]
  author: string
  date: string
  body: string
}[] = [
  {
    slug: 'measures-of-entropy',
    title: 'Measures of Entropy',
    tags: ['information theory', 'probability', 'entropy', 'statistics', 'history', 'coding', 'mathematics'],
    author: 'Ada Lovelace',
    date: '2025-05-02',
    body: 'Entropy is the average surprise of a distribution. A fair coin carries one bit of entropy, and no coin carries more. Shannon defined entropy for communication over a noisy channel, and the measure has since spread through statistics and physics.\n\n## Entropy and coding\n\nSource coding removes redundancy; the entropy is the limit of compression. Channel coding adds redundancy back so that errors can be corrected.',
  },
  {
    slug: 'noisy-channels',
    title: 'Noisy Channels and Their Capacity',
    tags: ['information theory', 'coding', 'probability'],
    author: 'Claude Shannon',
    date: '2025-04-10',
    body: 'A channel passes symbols with noise. Its capacity is the greatest mutual information between input and output. Entropy and mutual information are the measures that decide how fast information can pass without error.\n\n## Coding theorems\n\nShannon proved that below capacity, coding makes errors as rare as we like.',
  },
  {
    slug: 'variance-and-spread',
    title: 'Variance and Spread',
    tags: ['probability', 'statistics'],
    author: 'Ada Lovelace',
    date: '2025-03-01',
    body: 'Variance measures the spread of a distribution around its mean. Like entropy, it summarises uncertainty in one number, but it depends on the scale of the outcomes.\n\n## When variance misleads\n\nTwo distributions with the same variance can differ wildly in shape.',
  },
  {
    slug: 'bayesian-updating',
    title: 'Bayesian Updating',
    tags: ['probability', 'statistics', 'inference'],
    author: 'Thomas Bayes',
    date: '2024-11-20',
    body: 'A prior belief, updated by evidence, becomes a posterior. Maximum entropy priors assume as little as the constraints allow. Probability is the language of uncertainty, and updating is its grammar.\n\n## Priors\n\nChoosing a prior is choosing what to be uncertain about.',
  },
  {
    slug: 'sourdough-baking',
    title: 'A Note on Sourdough',
    tags: ['baking'],
    author: 'Site Owner',
    date: '2024-06-01',
    body: 'Flour, water and salt, and patience. The starter is fed daily; the dough rests overnight in the cold.\n\n## Shaping\n\nA tight skin holds the loaf together in the oven.',
  },
]

/** Writes the essays as markdown files into `dir`. */
export function writeDiscoveryEssays(dir: string): void {
  for (const e of DISCOVERY_ESSAYS) {
    writeFileSync(
      join(dir, `${e.slug}.md`),
      `---\ntitle: "${e.title}"\ndate: ${e.date}\nauthor: ${e.author}\ntags: [${e.tags.map((t) => `"${t}"`).join(', ')}]\ndescription: ${e.body.split('. ')[0]}.\n---\n\n${e.body}\n`,
    )
  }
}
