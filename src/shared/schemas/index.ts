export * from './post.js'
export * from './enhancements.js'
export * from './discovery.js'
export * from './site.js'
