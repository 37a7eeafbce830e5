import { describe, expect, it } from 'vitest'
import { parseWrk } from '../../../bench/load.js'

const report = (p99: string, extra = '') => `Running 10s test @ http://127.0.0.1:4555/posts/x
  1 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.14ms    2.25ms  70.72ms   98.69%
    Req/Sec    31.89k     3.63k   35.58k    96.00%
  Latency Distribution
     50%    1.87ms
     75%    1.98ms
     90%    2.64ms
     99%  ${p99}
  317115 requests in 10.00s, 35.24GB read
${extra}Requests/sec:  31706.34
Transfer/sec:      3.52GB
`

describe("the bench's wrk report", () => {
  it('reads requests per second and the p99 latency in milliseconds, whatever unit wrk chose', () => {
    expect(parseWrk(report('5.29ms'))).toEqual({ rps: 31706.34, p99Ms: 5.29, errors: 0, non2xx: 0, tool: 'wrk' })
    expect(parseWrk(report('812.00us')).p99Ms).toBeCloseTo(0.812)
    expect(parseWrk(report('1.20s')).p99Ms).toBe(1200)
  })

  it('counts socket errors and error answers', () => {
    const got = parseWrk(
      report('5.29ms', '  Socket errors: connect 0, read 2, write 1, timeout 3\n  Non-2xx or 3xx responses: 7\n'),
    )
    expect(got.errors).toBe(6)
    expect(got.non2xx).toBe(7)
  })

  it('refuses a report it cannot read rather than print a zero', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/Unreadable wrk report/)
  })
})
