export { Store, type StoreChange, type StoreOptions } from './store.js'
export { Transaction, type NewPost } from './transaction.js'
export { SCHEMA_VERSION, type DbData } from './db-schema.js'
export { watchStore } from './store-watcher.js'
