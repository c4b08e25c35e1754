import { randomUUID } from 'node:crypto'
import * as nodeFs from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** The file-system calls a JsonFile makes; tests pass a copy that fails at a chosen step. */
export type FileSystem = Pick<
  typeof nodeFs,
  | 'closeSync'
  | 'fsyncSync'
  | 'mkdirSync'
  | 'openSync'
  | 'readdirSync'
  | 'readFileSync'
  | 'renameSync'
  | 'rmSync'
  | 'writeSync'
>

/**
 * A JSON document on disk that is replaced atomically: the new text goes to a temporary file in the same
 * folder, is flushed to disk (fsync), then renamed over the old one, and the folder is flushed so the rename
 * itself survives a power cut. A crash at any point leaves either the old or the new document, never half.
 */
export class JsonFile<T> {
  readonly path: string
  readonly #fs: FileSystem

  constructor(path: string, fs: FileSystem = nodeFs) {
    this.path = path
    this.#fs = fs
  }

  /** The stored document, or undefined when there is none yet. Removes temporary files a crash left. */
  read(): T | undefined {
    const folder = dirname(this.path)
    this.#fs.mkdirSync(folder, { recursive: true })
    const prefix = `${basename(this.path)}.`
    for (const name of this.#fs.readdirSync(folder)) {
      if (name.startsWith(prefix) && name.endsWith('.tmp'))
        this.#fs.rmSync(join(folder, name), { force: true })
    }
    let text: string
    try {
      text = this.#fs.readFileSync(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    return JSON.parse(text) as T
  }

  write(value: T): void {
    const temporary = `${this.path}.${randomUUID()}.tmp`
    try {
      const file = this.#fs.openSync(temporary, 'w', 0o600)
      try {
        const data = Buffer.from(`${JSON.stringify(value, null, 2)}\n`)
        for (let written = 0; written < data.length; ) {
          written += this.#fs.writeSync(file, data, written, data.length - written)
        }
        this.#fs.fsyncSync(file)
      } finally {
        this.#fs.closeSync(file)
      }
      this.#fs.renameSync(temporary, this.path)
    } catch (error) {
      this.#fs.rmSync(temporary, { force: true })
      throw error
    }
    const folder = this.#fs.openSync(dirname(this.path), 'r')
    try {
      this.#fs.fsyncSync(folder)
    } finally {
      this.#fs.closeSync(folder)
    }
  }
}
