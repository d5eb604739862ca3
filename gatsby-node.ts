// Every build hook of the site, each in its own module under src/node/.
export { createSchemaCustomization } from "./src/node/schema"
export { onCreateNode } from "./src/node/on-create-node"
export { createPages } from "./src/node/create-pages"
export { onCreatePage } from "./src/node/on-create-page"
export { onPostBuild } from "./src/node/post-build"
export { onPreBootstrap } from "./src/node/release-check"
export { onCreateWebpackConfig } from "./src/node/webpack-config"
export { onPostBootstrap } from "./src/node/icon-sprite"
