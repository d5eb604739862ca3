import { parseArgs } from "node:util"
import { ConfigError } from "../config"
import { COMMANDS, optionsOf, usage, usageLine } from "./commands"

/** An error in how the command was written: usage, exit code 2. */
class UsageError extends Error {}

async function main(argv: string[]) {
  const [name, ...rest] = argv
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${usage()}\n`)
    return
  }
  const command = COMMANDS[name]
  if (!command) throw new UsageError(`unknown command "${name}"`)
  let parsed
  try {
    parsed = parseArgs({
      args: rest,
      options: optionsOf(command),
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(`${usage(name)}\n`)
    return
  }
  const { required, allowed } = command.positionals
  if (positionals.length < required || positionals.length > allowed)
    throw new UsageError(`${usageLine(name)}: ${positionals.length} argument(s) given`)
  await command.run({ positionals, flags: values as Record<string, boolean | undefined> })
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(`Error: ${error.message}\n\n${usage()}\n`)
    process.exit(2)
  }
  process.stderr.write(
    `${error instanceof ConfigError ? "Configuration error" : "Error"}: ` +
      `${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
