// The module is build/defer-bundles.ts. This re-export stays only while
// server/static/cms-csp.test.ts (another team's folder) imports it from here.
export * from "../build/defer-bundles"
