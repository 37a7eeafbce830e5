// Preloaded by the bench (`node --import ./bench/process-usage.mjs …`): when the process exits, its
// peak memory and CPU time, every thread counted (render workers are threads), as one stderr line.
process.on('exit', () => {
  const usage = process.resourceUsage()
  process.stderr.write(
    `\nbench-usage ${JSON.stringify({ maxRssKb: usage.maxRSS, userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000 })}\n`,
  )
})
