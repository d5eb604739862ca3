/**
 * Gives a plugin its function's name for Fastify, which names it in its errors and boot
 * timeouts. Without one, Fastify looks for the module that exports the plugin through the whole
 * `require.cache`, once per plugin: under jest, whose `require.cache` is a proxy over its module
 * registry, that walk cost about 60 ms of CPU each time an app started.
 */
export function named<Plugin extends { name: string }>(plugin: Plugin): Plugin {
  return Object.assign(plugin, { [Symbol.for("fastify.display-name")]: plugin.name })
}
