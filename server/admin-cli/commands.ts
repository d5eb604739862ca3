import type { ParseArgsConfig } from "node:util"
import { addUser, resetTwoFactor, setPassword } from "./accounts"
import { backupCommand, restoreCommand } from "./backups"
import { resetTotpKeyCommand, rotateTotpKeyCommand } from "./totp-keys"

type Options = NonNullable<ParseArgsConfig["options"]>

export interface Parsed {
  positionals: string[]
  flags: Record<string, boolean | undefined>
}

/** One command of `npm run admin`: its usage line and help are printed from here. */
export interface Command {
  /** What follows the command's name in its usage line: "NAME [--owner]". */
  synopsis: string
  help: string
  /** Boolean flags only: every option of these commands is a switch. */
  flags?: Record<string, { help: string }>
  /** Positional arguments: how many are required and how many are allowed. */
  positionals: { required: number; allowed: number }
  run(args: Parsed): Promise<void>
}

export const COMMANDS: Record<string, Command> = {
  "set-password": {
    synopsis: "[NAME]",
    help:
      "sets the password of an admin account (ADMIN_USERNAME by default; created when " +
      "missing), signs out its sessions and clears its failed-login counts.",
    positionals: { required: 0, allowed: 1 },
    run: ({ positionals: [name] }) => setPassword(name),
  },
  "add-user": {
    synopsis: "NAME [--owner]",
    help: "adds a team account, a member unless --owner is given.",
    flags: { owner: { help: "the account is an owner" } },
    positionals: { required: 1, allowed: 1 },
    run: ({ positionals: [name], flags }) => addUser(name, flags.owner ? "owner" : "member"),
  },
  "reset-2fa": {
    synopsis: "NAME",
    help: "turns off the two-factor sign-in of an account, which then enrols again.",
    positionals: { required: 1, allowed: 1 },
    run: ({ positionals: [name] }) => resetTwoFactor(name),
  },
  "reset-totp-key": {
    synopsis: "[--yes]",
    help:
      "when the key the TOTP secrets were encrypted with is lost (a restore without it), " +
      "turns off two-factor sign-in for the accounts whose secret no longer opens and makes " +
      "this server's key the store's; lists them unless --yes is given. Stop every instance first.",
    flags: { yes: { help: "do it, rather than list the accounts" } },
    positionals: { required: 0, allowed: 0 },
    run: ({ flags }) => resetTotpKeyCommand(flags.yes === true),
  },
  "rotate-totp-key": {
    synopsis: "",
    help:
      "encrypts the TOTP secrets again with a new key: a new DATA_DIR/totp.key, or the key " +
      "in NEW_TOTP_ENCRYPTION_KEY (required when TOTP_ENCRYPTION_KEY is set; set it there on " +
      "every instance afterwards). Stop every instance first; run it again if it was interrupted.",
    positionals: { required: 0, allowed: 0 },
    run: () => rotateTotpKeyCommand(),
  },
  backup: {
    synopsis: "FILE",
    help: "writes a consistent copy of the store (DATA_DIR or DATABASE_URL) while the server runs.",
    positionals: { required: 1, allowed: 1 },
    run: ({ positionals: [file] }) => backupCommand(file),
  },
  restore: {
    synopsis: "FILE [--force]",
    help: "loads a backup into an empty store (--force replaces a non-empty one); stop the server first.",
    flags: { force: { help: "replace a store that is not empty" } },
    positionals: { required: 1, allowed: 1 },
    run: ({ positionals: [file], flags }) => restoreCommand(file, flags.force === true),
  },
}

export const usageLine = (name: string) =>
  `npm run admin -- ${name}${COMMANDS[name].synopsis ? ` ${COMMANDS[name].synopsis}` : ""}`

/** The whole usage text, from the table. */
export function usage(only?: string): string {
  const names = only ? [only] : Object.keys(COMMANDS)
  const lines = names.map((name, i) => `${i === 0 ? "Usage: " : "       "}${usageLine(name)}`)
  const helps = names.map((name) => `${name}: ${COMMANDS[name].help}`)
  const prompt =
    "Passwords are read from the terminal without echo, or from standard input when piped."
  return [...lines, "", ...helps, prompt].join("\n")
}

/** parseArgs's options for a command: its switches and --help. */
export function optionsOf(command: Command): Options {
  const options: Options = { help: { type: "boolean", short: "h" } }
  for (const flag of Object.keys(command.flags ?? {})) options[flag] = { type: "boolean" }
  return options
}
