import { describe, expect, it } from 'vitest'
import { modelOf, namesOf } from './model-of.js'

const named = async (markdown: string) => namesOf(await modelOf(markdown))

describe('indexed symbols written only inside larger formulas (issue 39)', () => {
  it('names a bare indexed function by the name of its applied form', async () => {
    const m = await named(
      'The score is learned by the neural score network $s_\\theta(x_t, t)$.\n\n$$\\mathcal{L} = \\| s_\\theta(x_t, t) - \\nabla \\log p(x_t) \\|^2$$\n',
    )
    expect(m.get('s_{\\theta}')).toBe('neural score network')
  })

  it('copies no loose name of an applied form, nor one an indexed function is given twice differently', async () => {
    const loose = await named('Then the model $f_\\theta(x)$ improves.\n\n$$y = f_\\theta(x) + b$$\n')
    expect(loose.get('f_{\\theta}') ?? '').toBe('')
    const twice = await named(
      'The encoder network $q_\\phi(z \\mid x)$ maps inputs. The decoder network $q_\\phi(x \\mid z)$ maps codes back.\n',
    )
    expect(twice.get('q_{\\phi}') ?? '').toBe('')
  })

  it('names the indexed member of a matrix named by the plural of its members', async () => {
    const m = await named(
      'We write the SVD as $X = U S V^T$, with left singular vectors $U$ and right singular vectors $V$.\n\n$$\\hat{y} = \\sum_r \\frac{1}{\\sigma_r} (x \\cdot \\vec{v}_r) (\\vec{u}_r \\cdot E)$$\n',
    )
    expect(m.get('\\vec{u}_r')).toBe('left singular vector')
    expect(m.get('\\vec{v}_r')).toBe('right singular vector')
  })

  it('names no member after a count of the matrices ("two identical random variables X")', async () => {
    const m = await named('Consider two identical random variables $X$.\n\n$$H = -\\sum_i p(x_i) \\log p(x_i)$$\n')
    expect(m.get('x_i') ?? '').toBe('')
  })

  it('names an optimal form only where the essay writes "optimal" before the base’s name', async () => {
    const m = await named(
      'The robot acts by its policy $\\pi$. The optimal policy maximises the return.\n\n$$\\pi^* = \\arg\\max_\\pi V^\\pi(s)$$\n',
    )
    expect(m.get('\\pi^*')).toBe('optimal policy')
    const none = await named('The robot acts by its policy $\\pi$.\n\n$$\\pi^* = \\arg\\max_\\pi V^\\pi(s)$$\n')
    expect(none.get('\\pi^*') ?? '').toBe('')
  })

  it('names a symbol that closes "the … at time t is x" before a new clause', async () => {
    const m = await named(
      'The reward at time $t$ is $r_t$ and the policy is $\\pi$.\n\n$$G = \\sum_t \\gamma^t r_t$$\n',
    )
    expect(m.get('r_t')).toBe('reward at time t')
  })
})
