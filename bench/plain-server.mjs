// The baseline: node:http sending the same bytes from memory, nothing else.
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const body = readFileSync(process.argv[2])
const server = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`))
