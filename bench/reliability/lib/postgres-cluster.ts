import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries; PG_BIN overrides. */
const binDir = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL cluster of the suite's own, in a temporary folder on a port of its
 * own, so that stopping and restarting it (the fault tests) never touches the
 * machine's shared server. PostgreSQL refuses to run as root: as root, the
 * cluster belongs to the `postgres` user and every command runs with its uid
 * (not through runuser, which stops itself when its child is stopped and so
 * would hang the freeze test).
 */
export class PostgresCluster {
  private postmaster: ChildProcess | null = null;

  private constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly asUser: { uid: number; gid: number } | null,
  ) {}

  /** The connection string of database `name` (default `cityops`). */
  url(name = 'cityops'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  static async create(port: number): Promise<PostgresCluster> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'cityops-reliability-pg-'));
    let asUser: { uid: number; gid: number } | null = null;
    if (process.getuid?.() === 0) {
      const { stdout: uid } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      asUser = { uid: Number(uid.trim()), gid: Number(gid.trim()) };
      await chown(root, asUser.uid, asUser.gid);
    }
    const cluster = new PostgresCluster(path.join(root, 'data'), port, asUser);
    await cluster.command('initdb', [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale',
      'C',
    ]);
    await cluster.start();
    await cluster.psql('postgres', 'create database cityops');
    return cluster;
  }

  private command(binary: string, args: string[]) {
    return run(path.join(binDir, binary), args, { cwd: os.tmpdir(), ...this.asUser });
  }

  /** Runs one SQL statement and returns its rows as tab-separated text. */
  async psql(database: string, statement: string): Promise<string> {
    const { stdout } = await this.command('psql', [
      '-X',
      '-q',
      '-A',
      '-t',
      '-v',
      'ON_ERROR_STOP=1',
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-d',
      database,
      '-c',
      statement,
    ]);
    return stdout.trim();
  }

  /** Starts the postmaster as a child of this process and waits until it accepts connections. */
  async start(): Promise<void> {
    if (this.postmaster) return;
    const args = [
      '-D',
      this.dataDir,
      '-p',
      String(this.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${path.dirname(this.dataDir)}`,
      '-c',
      'max_connections=200',
      '-c',
      'logging_collector=off',
    ];
    const child = spawn(path.join(binDir, 'postgres'), args, {
      cwd: os.tmpdir(),
      stdio: 'ignore',
      ...this.asUser,
    });
    this.postmaster = child;
    child.once('exit', () => {
      if (this.postmaster === child) this.postmaster = null;
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await this.command('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(this.port)]);
        return;
      } catch {
        if (!this.postmaster) throw new Error('the private PostgreSQL exited at start');
        if (Date.now() > deadline) throw new Error('the private PostgreSQL did not start');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /**
   * Stops the server the way an operator's restart does (`pg_ctl stop -m fast`:
   * open sessions are ended, running transactions rolled back).
   */
  async stop(): Promise<void> {
    const child = this.postmaster;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await this.command('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w']);
    await exited;
  }

  /**
   * Freezes (SIGSTOP) or thaws (SIGCONT) the postmaster and every backend: a
   * database that accepts connections but never answers, like a host that hangs.
   */
  async signalAll(signal: 'SIGSTOP' | 'SIGCONT'): Promise<void> {
    const pidFile = await readFile(path.join(this.dataDir, 'postmaster.pid'), 'utf8');
    const postmaster = Number(pidFile.split('\n')[0]);
    const { stdout } = await run('pgrep', ['-P', String(postmaster)]).catch(() => ({ stdout: '' }));
    const children = stdout.split('\n').filter(Boolean).map(Number);
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  }

  async destroy(): Promise<void> {
    await this.signalAll('SIGCONT').catch(() => undefined);
    await this.stop().catch(() => this.postmaster?.kill('SIGKILL'));
    await rm(path.dirname(this.dataDir), { recursive: true, force: true });
  }
}
