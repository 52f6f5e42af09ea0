import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes an exclusive lock on DATA_DIR. PGlite has no lock of its own, and two processes writing one
 * PGlite folder corrupt it, so a second server must refuse to start. The lock file holds the owner's PID;
 * a lock whose owner died (kill -9, power loss) is taken over rather than blocking the restart.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Outro servidor (PID ${owner}) já está usando ${dataDir}. Pare-o antes de iniciar outro (DATA_DIR already in use).`,
        )
      }
      fs.rmSync(lockPath, { force: true }) // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Não foi possível travar ${dataDir} (could not lock DATA_DIR).`)
}
