// Types of scripts/bundle-node.mjs, for the tests that check the bundle against package.json.
export declare const BUNDLE_DIR: string
export declare const EXTERNAL: readonly string[]
export declare const OPTIONAL_IMPORTS: Readonly<Record<string, string>>
export declare function workerEntries(dir: string): string[]
export declare function bundleNode(root: URL, outDir: URL): Promise<string[]>
